// The emulator command line, filled in with the emulator.
export {};
