// GPU engines downloaded on demand (issue 27): llama.cpp's CUDA build, from the packages the lock pins.
// The UI polls engines.status while a download runs (progress, pause, resume, cancel).
import { z } from 'zod';

const cmd = <I extends z.ZodTypeAny, O extends z.ZodTypeAny>(input: I, output: O) => ({ input, output });

export const DownloadableEngineSchema = z.enum(['cuda']);

export const EngineDownloadStatusSchema = z.object({
  kind: DownloadableEngineSchema,
  /** This platform has a build of this kind to download (Linux and Windows x64 for CUDA). */
  available: z.boolean(),
  /** The version installed in the engines folder, or null. */
  installed: z.string().nullable(),
  state: z.enum(['idle', 'downloading', 'verifying', 'unpacking', 'paused', 'failed']),
  /** Bytes of all packages together, where the server announced them. */
  receivedBytes: z.number(),
  totalBytes: z.number().nullable(),
  /** Package being fetched, 1-based, and how many. */
  part: z.number(),
  parts: z.number(),
  error: z.string().nullable(),
});
export type EngineDownloadStatus = z.infer<typeof EngineDownloadStatusSchema>;

const Kind = z.object({ kind: DownloadableEngineSchema }).strict();

export const engineCommands = {
  'engines.status': cmd(Kind, EngineDownloadStatusSchema),
  /** Starts or resumes the download in the background; returns at once (poll engines.status). */
  'engines.get': cmd(Kind, EngineDownloadStatusSchema),
  /** Stops the download and keeps what arrived (engines.get resumes it with HTTP Range). */
  'engines.pause': cmd(Kind, EngineDownloadStatusSchema),
  /** Stops the download and deletes what arrived. */
  'engines.cancel': cmd(Kind, EngineDownloadStatusSchema),
  /** Removes the installed build (and any partial download). */
  'engines.rm': cmd(Kind, EngineDownloadStatusSchema),
};
export type EngineCommandName = keyof typeof engineCommands;
