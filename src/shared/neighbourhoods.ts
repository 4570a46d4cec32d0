/**
 * The neighbourhood or town a Charlotte-area ZIP code is known by. A landscaper deciding whether to take a
 * job sees this and the ZIP, never the street address (that comes once the job is theirs).
 */
export const neighbourhoodByZip: Readonly<Record<string, string>> = {
  "28202": "Uptown",
  "28203": "Dilworth",
  "28204": "Elizabeth",
  "28205": "Plaza Midwood",
  "28206": "North Charlotte",
  "28207": "Myers Park",
  "28208": "Wesley Heights",
  "28209": "Montford",
  "28210": "SouthPark",
  "28211": "Cotswold",
  "28212": "East Charlotte",
  "28213": "University City",
  "28214": "Coulwood",
  "28215": "Hickory Grove",
  "28216": "Beatties Ford",
  "28217": "Yorkmount",
  "28226": "Carmel",
  "28227": "Mint Hill",
  "28244": "Uptown",
  "28262": "University Research Park",
  "28269": "Highland Creek",
  "28270": "Providence",
  "28273": "Steele Creek",
  "28277": "Ballantyne",
  "28278": "Lake Wylie",
  "28280": "Uptown",
  "28027": "Concord",
  "28031": "Cornelius",
  "28036": "Davidson",
  "28075": "Harrisburg",
  "28078": "Huntersville",
  "28079": "Indian Trail",
  "28104": "Stallings",
  "28105": "Matthews",
  "28134": "Pineville",
  "28173": "Waxhaw",
  "29707": "Indian Land",
  "29708": "Fort Mill",
  "29715": "Fort Mill",
};

/** "Dilworth (28203)", or "ZIP 28299" where the ZIP has no name here. */
export function areaLabel(zipCode: string): string {
  const name = neighbourhoodByZip[zipCode];
  return name ? `${name} (${zipCode})` : `ZIP ${zipCode}`;
}
