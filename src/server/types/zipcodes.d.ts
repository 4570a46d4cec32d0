declare module "zipcodes" {
  interface ZipInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: { codes: Record<string, ZipInfo>; lookup(zip: string): ZipInfo | undefined };
  export default zipcodes;
}
