// `bun run dev`: the API (watch mode) and the six Rsbuild dev servers, with prefixed output.
//
//   http://localhost:3000        the shell; it proxies /api and /remotes.json to the API (3100)
//                                and /remotes/mf-<name>/ to each remote's dev server (3001-3005)
//   http://localhost:300N/remotes/mf-<name>/   a remote on its own (standalone)
//
// Ctrl-C stops everything; so does any one process ending on its own.
import { join } from "node:path";
import { apiDevPort, remoteApps, shellPort } from "../packages/kit/federation.ts";

const root = join(import.meta.dir, "..");
const rsbuild = join(root, "node_modules/.bin/rsbuild");
const useColor = process.stdout.isTTY;
const colors = [36, 35, 33, 32, 34, 91, 96];

interface Service {
  name: string;
  cmd: string[];
  cwd: string;
  env?: Record<string, string>;
}

const services: Service[] = [
  {
    name: "api",
    cmd: ["bun", "--watch", "api/src/main.ts"],
    cwd: root,
    env: { PORT: String(apiDevPort) },
  },
  ...Object.values(remoteApps).map((app) => ({ name: app.dir, cmd: [rsbuild, "dev"], cwd: join(root, app.dir) })),
  { name: "shell", cmd: [rsbuild, "dev"], cwd: join(root, "shell") },
];

const width = Math.max(...services.map((service) => service.name.length));

function prefixer(name: string, index: number): (line: string) => void {
  const label = name.padEnd(width);
  const prefix = useColor ? `\x1b[${colors[index % colors.length]}m${label}\x1b[0m │ ` : `${label} │ `;
  return (line) => process.stdout.write(`${prefix}${line}\n`);
}

async function pipeLines(stream: ReadableStream<Uint8Array>, write: (line: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  let buffered = "";
  for await (const chunk of stream) {
    buffered += decoder.decode(chunk, { stream: true });
    const lines = buffered.split(/\r?\n/);
    buffered = lines.pop() ?? "";
    for (const line of lines) write(line);
  }
  if (buffered) write(buffered);
}

let stopping = false;
const children = services.map((service, index) => {
  const write = prefixer(service.name, index);
  const child = Bun.spawn(service.cmd, {
    cwd: service.cwd,
    env: { ...process.env, NODE_ENV: "development", FORCE_COLOR: useColor ? "1" : "0", ...service.env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  void pipeLines(child.stdout, write);
  void pipeLines(child.stderr, write);
  void child.exited.then((code) => {
    if (stopping) return;
    write(`beendet mit Code ${code}; stoppe alle Prozesse.`);
    void stop(code === 0 ? 1 : code);
  });
  return child;
});

async function stop(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  const forced = setTimeout(() => {
    for (const child of children) child.kill("SIGKILL");
  }, 5000);
  await Promise.all(children.map((child) => child.exited));
  clearTimeout(forced);
  process.exit(exitCode);
}

process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

console.log(
  `Dev-Server starten: Shell http://localhost:${shellPort}, API :${apiDevPort}, Remotes ${Object.values(remoteApps)
    .map((app) => `:${app.port}`)
    .join(" ")}`,
);
