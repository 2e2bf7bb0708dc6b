// The command runs when imported (Pinstar's `npm start` imports it); it exports nothing.
export {};
