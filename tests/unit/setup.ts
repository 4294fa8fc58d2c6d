// Shared set-up of the unit project (jsdom).
export {};
