/**
 * The place page's photo band (the place's cover photo under its header): drawn by
 * `routes/place.tsx` through `<Photo>`, and by index.html's shell before the app has run, whose
 * URLs `vite.config.ts` derives from these values (decision 075) so both request the same ones.
 */
export const coverBand = {
  bucket: 'place-photos',
  /** CSS pixels at its widest: the page's `max-w-5xl` less its padding. */
  width: 1024,
  ratio: 3,
  sizes: '(min-width: 1024px) 992px, calc(100vw - 2rem)',
} as const;
