// Microphone capture: getUserMedia with the browser's echo cancellation and noise suppression, the
// 16 kHz worklet, and a callback per ~100 ms batch. In Electron the permission handler grants the
// microphone to the app's own page only; on macOS the system asks at first use.
import { WORKLET_NAME, workletUrl } from './worklet.js';

export interface Capture {
  stop(): Promise<void>;
}

export async function startCapture(deviceId: string, onBatch: (pcm: Int16Array, level: number) => void): Promise<Capture> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { deviceId: deviceId ? { exact: deviceId } : undefined, echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 },
  });
  const ctx = new AudioContext();
  await ctx.audioWorklet.addModule(workletUrl());
  const source = ctx.createMediaStreamSource(stream);
  const node = new AudioWorkletNode(ctx, WORKLET_NAME, { numberOfInputs: 1, numberOfOutputs: 0 });
  node.port.onmessage = (e: MessageEvent<{ pcm: ArrayBuffer; level: number }>) => onBatch(new Int16Array(e.data.pcm), e.data.level);
  source.connect(node);
  if (ctx.state === 'suspended') await ctx.resume();
  return {
    async stop() {
      node.port.onmessage = null;
      source.disconnect();
      node.disconnect();
      for (const t of stream.getTracks()) t.stop();
      await ctx.close();
    },
  };
}

export function toBase64(pcm: Int16Array): string {
  const bytes = new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
