#!/usr/bin/env node
// A stand-in for the sound card (none exists on CI machines): reads a WAV on stdin and "plays" it in
// real time by waiting its duration, then writes what it received to the file given as argv[2].
import { writeFileSync } from 'node:fs';
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  const wav = Buffer.concat(chunks);
  const rate = wav.readUInt32LE(24);
  const bytesPerSec = wav.readUInt32LE(28);
  const seconds = (wav.length - 44) / bytesPerSec;
  writeFileSync(process.argv[2], JSON.stringify({ bytes: wav.length, rate, seconds }));
  setTimeout(() => process.exit(0), seconds * 1000);
});
