export interface Position {
  lat: number;
  lng: number;
}

export type PositionFailure = 'denied' | 'unavailable';

/** Rounded to `decimals` (3 ≈ 110 m), so no more precision than needed leaves the browser's API. */
const rounded = (coords: GeolocationCoordinates, decimals: number): Position => {
  const f = 10 ** decimals;
  return { lat: Math.round(coords.latitude * f) / f, lng: Math.round(coords.longitude * f) / f };
};

/** Asks the browser for the position (prompting if need be); rejects with why it is not known. */
export function currentPosition(decimals: number): Promise<Position> {
  return new Promise((resolve, reject: (reason: PositionFailure) => void) => {
    if (!('geolocation' in navigator)) {
      reject('unavailable');
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (result) => resolve(rounded(result.coords, decimals)),
      (error) => reject(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, maximumAge: 300_000, timeout: 10_000 },
    );
  });
}

/** The position only when the visitor has already allowed it: never prompts. */
export async function positionIfGranted(decimals: number): Promise<Position | null> {
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    return status.state === 'granted' ? await currentPosition(decimals) : null;
  } catch {
    return null;
  }
}
