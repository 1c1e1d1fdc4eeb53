// The emulator's in-iframe page script, built to dist/emulator/page.js (`vite build --mode emulator-page`).
import { startPage } from './startPage.js';

startPage(document);
