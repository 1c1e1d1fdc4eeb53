// The emulator's in-iframe page script, filled in with the emulator.
export {};
