/**
 * "Directions" opens the device's own maps app at a place's coordinates, with no API key: a
 * `geo:` URI on Android (any maps app answers it), Apple Maps on iPhone, iPad and iPod (which
 * hands the link to the Maps app), Google Maps' directions link everywhere else.
 */
export type MapsPlatform = 'android' | 'ios' | 'other';

/** Which maps app a browser's user agent points to (iPadOS reports a Mac with touch). */
export function mapsPlatform(userAgent: string, maxTouchPoints = 0): MapsPlatform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1)) return 'ios';
  return 'other';
}

/** The link that asks for directions to `place`, for that platform. */
export function directionsUrl(place: { name: string; lat: number; lng: number }, platform: MapsPlatform): string {
  const at = `${place.lat},${place.lng}`;
  switch (platform) {
    case 'android':
      return `geo:${at}?q=${encodeURIComponent(`${at}(${place.name})`)}`;
    case 'ios':
      return `https://maps.apple.com/?${new URLSearchParams({ daddr: at, q: place.name })}`;
    default:
      return `https://www.google.com/maps/dir/?${new URLSearchParams({ api: '1', destination: at })}`;
  }
}
