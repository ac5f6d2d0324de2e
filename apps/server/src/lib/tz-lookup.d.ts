declare module 'tz-lookup' {
  /** IANA time zone at a WGS84 position; throws on invalid coordinates. */
  export default function tzlookup(lat: number, lng: number): string;
}
