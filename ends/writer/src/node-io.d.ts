// The few pieces of Node's `process` the writer end uses. Debian ships no @types/node package,
// so this file declares exactly what is used and nothing else.
declare const process: {
  readonly env: { [name: string]: string | undefined };
  readonly argv: string[];
  readonly stderr: { write(text: string): boolean };
  readonly stdin: {
    setEncoding(encoding: "utf8"): void;
    on(event: "data", listener: (chunk: string) => void): void;
    on(event: "end", listener: () => void): void;
  };
  readonly stdout: {
    write(text: string): boolean;
    on(event: "error", listener: (error: { code?: string }) => void): void;
  };
  exit(code: number): never;
};
