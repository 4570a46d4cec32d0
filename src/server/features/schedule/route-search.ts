/**
 * Open-path search over a distance matrix (node 0 the fixed start, the path ends anywhere): nearest
 * neighbour, then 2-opt and Or-opt until no move shortens the path by more than a tie. Small days (≤ 12
 * stops, 13 nodes) make every move cheap to evaluate by re-adding the path, which keeps the moves plain.
 */

/** Paths closer than this are a tie (the same ZIP twice, or floating-point noise): no move is made. */
const TIE_MILES = 1e-9;

export function pathMiles(matrix: readonly (readonly number[])[], path: readonly number[]): number {
  let miles = 0;
  for (let i = 1; i < path.length; i++) miles += matrix[path[i - 1]!]![path[i]!]!;
  return miles;
}

/** From node 0, the closest unvisited node each time; ties go to the lower node (the fixed order). */
export function nearestNeighbour(matrix: readonly (readonly number[])[]): number[] {
  const path = [0];
  const left = new Set(Array.from({ length: matrix.length - 1 }, (_, i) => i + 1));
  while (left.size > 0) {
    const here = path.at(-1)!;
    let best = -1;
    for (const node of left)
      if (best === -1 || matrix[here]![node]! < matrix[here]![best]! - TIE_MILES) best = node;
    path.push(best);
    left.delete(best);
  }
  return path;
}

/** 2-opt for an open path: reverse path[i..j]; the segment may run to the end (no edge after it). */
function twoOpt(matrix: readonly (readonly number[])[], path: number[]): boolean {
  const last = path.length - 1;
  for (let i = 1; i < last; i++)
    for (let j = i + 1; j <= last; j++) {
      const before = matrix[path[i - 1]!]![path[i]!]! + (j < last ? matrix[path[j]!]![path[j + 1]!]! : 0);
      const after = matrix[path[i - 1]!]![path[j]!]! + (j < last ? matrix[path[i]!]![path[j + 1]!]! : 0);
      if (after < before - TIE_MILES) {
        const segment = path.slice(i, j + 1).reverse();
        path.splice(i, segment.length, ...segment);
        return true;
      }
    }
  return false;
}

/** Or-opt: move a run of 1–3 stops, as it is or reversed, to another place in the path. */
function orOpt(matrix: readonly (readonly number[])[], path: number[]): boolean {
  const current = pathMiles(matrix, path);
  for (let length = 1; length <= 3; length++)
    for (let i = 1; i + length <= path.length; i++) {
      const segment = path.slice(i, i + length);
      const rest = [...path.slice(0, i), ...path.slice(i + length)];
      for (let k = 1; k <= rest.length; k++) {
        if (k === i) continue; // Its own place.
        for (const run of length === 1 ? [segment] : [segment, [...segment].reverse()]) {
          const candidate = [...rest.slice(0, k), ...run, ...rest.slice(k)];
          if (pathMiles(matrix, candidate) < current - TIE_MILES) {
            path.splice(0, path.length, ...candidate);
            return true;
          }
        }
      }
    }
  return false;
}

/** 2-opt then Or-opt, again and again, until neither finds a shorter path. */
export function localSearch(matrix: readonly (readonly number[])[], start: readonly number[]): number[] {
  const path = [...start];
  while (twoOpt(matrix, path) || orOpt(matrix, path)) {
    // Each pass made the path strictly shorter; a finite number of paths ends the loop.
  }
  return path;
}

/**
 * The shorter of two local optima: from nearest neighbour, and from `booked` (so the answer is never
 * longer than the order the visits were booked in). On a tie, nearest neighbour's.
 */
export function improvePath(matrix: readonly (readonly number[])[], booked: readonly number[]): number[] {
  const fromNearest = localSearch(matrix, nearestNeighbour(matrix));
  const fromBooked = localSearch(matrix, booked);
  return pathMiles(matrix, fromBooked) < pathMiles(matrix, fromNearest) - TIE_MILES
    ? fromBooked
    : fromNearest;
}
