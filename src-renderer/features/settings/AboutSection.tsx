import { useCallback, useEffect, useState } from 'react';
import type { CommandOutput } from '../../../src-main/common/contract.js';
import { formatSpeed } from '../../../src-main/common/models.js';
import type { Settings } from '../../../src-main/common/settings.js';
import { call } from '../../state/actions.js';
import { Field, Select } from '../../ui/fields.js';
import { CudaDownload } from './CudaDownload.js';
import type { UpdateSettings } from './updateSettings.js';

type Report = CommandOutput<'system.doctor'>;
type EnginePin = Settings['provider']['engine'];

const PINS: ReadonlyArray<readonly [EnginePin, string]> = [
  ['auto', 'Automatic (CUDA → Vulkan → CPU)'],
  ['cuda', 'CUDA (NVIDIA)'],
  ['vulkan', 'Vulkan (any GPU)'],
  ['metal', 'Metal (Apple silicon)'],
  ['cpu', 'CPU only'],
];
const gb = (bytes: number | null) => (bytes === null ? '?' : `${(bytes / 2 ** 30).toFixed(1)} GB`);
const state = (a: { available: boolean | null; message: string | null }) => (a.available === true ? 'works' : a.available === false ? 'unavailable' : 'not loaded yet');

/** Settings → About this computer: what runs where (the same report as `agentic doctor`), and the engine pin. */
export function AboutSection({ settings, update }: { settings: Settings; update: UpdateSettings }) {
  const [report, setReport] = useState<Report | null>(null);
  const refresh = useCallback(() => {
    void call('system.doctor', {}).then((r) => r && setReport(r));
  }, []);
  useEffect(refresh, [refresh, settings.provider.engine]);
  return (
    <section className="settings-section" data-testid="settings-about">
      <h3>About this computer</h3>
      <Field label="llama.cpp build" hint="Which build runs the embedded model; a pinned build that is missing or fails to load falls back to the next.">
        <Select value={settings.provider.engine} options={PINS} testId="engine-pin" onChange={(engine) => void update({ provider: { ...settings.provider, engine } })} />
      </Field>
      <CudaDownload onChange={refresh} />
      {report === null ? <p className="muted">Looking at this computer…</p> : <DoctorReport report={report} onRefresh={refresh} />}
    </section>
  );
}

const fileName = (path: string) => path.split(/[\\/]/).pop();

/** Where each model last ran (with why fewer layers than fitted, if so) and its measured speeds. */
function ModelLines({ report }: { report: Report }) {
  return (
    <>
      {report.placements.map((p) => (
        <li key={p.model} data-testid="doctor-placement">
          {fileName(p.model)}: {p.line}
          {p.note ? ` — ${p.note}` : ''}
        </li>
      ))}
      {report.speeds.map((s) => (
        <li key={s.model}>
          {fileName(s.model)}: writes {formatSpeed(s.generation)}, reads {s.promptReading === null ? '?' : formatSpeed(s.promptReading)} (measured, {s.engine})
        </li>
      ))}
    </>
  );
}

/** The `agentic doctor` report: hardware, the engine in use, sandbox, languages, measured speeds, then the problems with their fixes. */
function DoctorReport({ report, onRefresh }: { report: Report; onRefresh: () => void }) {
  return (
    <div data-testid="doctor-report">
      <ul className="muted">
        <li>
          CPU: {report.cpu.model}, {report.cpu.cores} cores ({report.cpu.threads} for the model), {report.cpu.isa}
        </li>
        <li>
          RAM: {gb(report.memory.ramBytes)} ({gb(report.memory.freeRamBytes)} free)
        </li>
        {report.gpus.length === 0 ? (
          <li>GPU: none found</li>
        ) : (
          report.gpus.map((g, i) => (
            <li key={i}>
              GPU: {g.name}
              {g.driver ? `, driver ${g.driver}` : ''}
              {g.vramBytes !== null ? `, ${gb(g.vramBytes)} VRAM` : ''}
            </li>
          ))
        )}
        <li data-testid="doctor-engine">
          llama.cpp: installed {report.llama.installed.join(', ') || 'none'}; in use {report.llama.inUse ?? state(report.llama)}
          {report.llama.reason ? ` — ${report.llama.reason}` : ''}
        </li>
        <li>Sandbox: {report.sandbox.available ? report.sandbox.kind : 'none'}</li>
        <li>Languages: {report.interpreters.map((i) => (i.available ? i.language : `${i.language} (missing)`)).join(', ')}</li>
        <li>Router: {state(report.router)}</li>
        <li data-testid="doctor-whisper">
          Speech-to-text: {state(report.whisper)}
          {report.whisper.engine ? ` on ${report.whisper.engine === 'vulkan' ? 'Vulkan (GPU)' : 'the CPU'}` : ''}
          {report.whisper.reason ? ` — ${report.whisper.reason}` : ''}
        </li>
        <ModelLines report={report} />
      </ul>
      {report.problems.length === 0 ? (
        <p className="muted">No problems found.</p>
      ) : (
        <ul data-testid="doctor-problems">
          {report.problems.map((p, i) => (
            <li key={i} className={p.severity === 'info' ? 'muted' : 'warning'}>
              {p.what} <strong>{p.fix}</strong>
            </li>
          ))}
        </ul>
      )}
      <button className="btn" data-testid="doctor-refresh" onClick={onRefresh}>
        Check again
      </button>
    </div>
  );
}
