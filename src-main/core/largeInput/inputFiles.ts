// The port through which the core keeps texts too large for the context as workspace files.

export interface InputFiles {
  /** Writes the text under the workspace's .agentic/inputs/ and returns its workspace-relative path. */
  save(workspace: string, kind: 'input' | 'output', text: string): Promise<string>;
  /** The text of a workspace text file (UTF-8) or PDF (each page after its `[page N]` mark), or null when it is missing, outside the workspace or neither. */
  readText(workspace: string, relative: string): Promise<string | null>;
}
