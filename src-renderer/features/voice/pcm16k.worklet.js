// AudioWorklet: the microphone's stream (44.1/48 kHz, maybe stereo) → 16 kHz mono PCM16 batches of
// 100 ms plus an RMS level for the meter. Plain JS, served from the app's own origin (the page's CSP
// allows scripts from 'self' only, so a Blob URL would be refused).
/* global AudioWorkletProcessor, registerProcessor, sampleRate */
class Pcm16k extends AudioWorkletProcessor {
  constructor() {
    super();
    this.ratio = sampleRate / 16000;
    this.pos = 0; // fractional read position into the input, carried across blocks
    this.prev = 0; // last input sample of the previous block, for interpolation
    this.out = new Int16Array(1600);
    this.n = 0;
    this.sumSq = 0;
  }
  process(inputs) {
    const input = inputs[0];
    if (!input || input.length === 0) return true;
    const len = input[0].length;
    const mono = new Float32Array(len);
    for (let c = 0; c < input.length; c++) for (let i = 0; i < len; i++) mono[i] += input[c][i] / input.length;
    // Linear interpolation at 16 kHz; a speech-band signal needs no stronger filter for whisper.
    while (this.pos < len) {
      const i = Math.floor(this.pos);
      const f = this.pos - i;
      const a = i === 0 ? this.prev : mono[i - 1];
      const b = mono[i];
      const s = Math.max(-1, Math.min(1, a + (b - a) * f));
      this.sumSq += s * s;
      this.out[this.n++] = s * 32767;
      if (this.n === this.out.length) {
        this.port.postMessage({ pcm: this.out.buffer, level: Math.sqrt(this.sumSq / this.n) }, [this.out.buffer]);
        this.out = new Int16Array(1600);
        this.n = 0;
        this.sumSq = 0;
      }
      this.pos += this.ratio;
    }
    this.pos -= len;
    this.prev = mono[len - 1];
    return true;
  }
}
registerProcessor('agentic-pcm16k', Pcm16k);
