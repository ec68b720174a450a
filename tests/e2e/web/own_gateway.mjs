// A browser script's own gateway (node MAILRUN_GATEWAY_DIR/gateway.mjs serving MAILRUN_WEB_DIR in
// front of the stack's services, MAILRUN_*_ADDRESS), on a loopback port that stays the same across
// a stop and a start, so a script can cut the way to the service and open it again.
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

export async function ownGateway() {
  for (const name of ["MAILRUN_GATEWAY_DIR", "MAILRUN_WEB_DIR", "MAILRUN_GAME_ADDRESS", "MAILRUN_LOBBY_ADDRESS", "MAILRUN_NOTIFY_ADDRESS"]) {
    if (!process.env[name]) throw new Error(`${name} is not set`);
  }
  const port = await new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
  let gateway = null;
  const start = async () => {
    gateway = spawn("node", [path.join(process.env.MAILRUN_GATEWAY_DIR, "gateway.mjs")], {
      env: { ...process.env, MAILRUN_GATEWAY_LISTEN: `127.0.0.1:${port}`, MAILRUN_GATEWAY_WEB_DIR: process.env.MAILRUN_WEB_DIR },
      stdio: ["ignore", "ignore", "pipe"],
    });
    await new Promise((resolve, reject) => {
      let log = "";
      const timer = setTimeout(() => reject(new Error(`the gateway did not start: ${log}`)), 60_000);
      gateway.stderr.on("data", (chunk) => {
        log += chunk;
        if (log.includes("\"gateway_listening\"")) {
          clearTimeout(timer);
          resolve();
        }
      });
      gateway.on("exit", (code) => reject(new Error(`the gateway ended (${code}): ${log}`)));
    });
  };
  const stop = async () => {
    if (!gateway) return;
    const ended = new Promise((resolve) => gateway.once("exit", resolve));
    gateway.kill("SIGKILL");
    await ended;
    gateway = null;
  };
  await start();
  return { url: `http://127.0.0.1:${port}`, start, stop };
}
