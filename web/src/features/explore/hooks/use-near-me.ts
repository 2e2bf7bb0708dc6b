import { useState } from 'react';

export interface Position {
  lat: number;
  lng: number;
}

type NearMeStatus = 'idle' | 'locating' | 'ready' | 'denied' | 'unavailable';

/** ~110 m: the position is rounded before the app uses it, and is kept in memory only. */
const round3 = (v: number) => Math.round(v * 1000) / 1000;

export function useNearMe() {
  const [position, setPosition] = useState<Position | null>(null);
  const [status, setStatus] = useState<NearMeStatus>('idle');
  const locate = (onFound: (position: Position) => void) => {
    if (!('geolocation' in navigator)) {
      setStatus('unavailable');
      return;
    }
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (result) => {
        const rounded = { lat: round3(result.coords.latitude), lng: round3(result.coords.longitude) };
        setPosition(rounded);
        setStatus('ready');
        onFound(rounded);
      },
      (error) => setStatus(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, maximumAge: 300_000, timeout: 10_000 },
    );
  };
  return { position, status, locate };
}
