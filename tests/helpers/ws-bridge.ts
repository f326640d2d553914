/**
 * A WebSocket-to-TCP bridge, so Neon's serverless driver (which speaks Postgres over WebSocket)
 * can be tested against a plain local PostgreSQL server.
 */
import net from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

export async function startWsBridge(
  pgHost: string,
  pgPort: number,
  listenPort = 0,
): Promise<{ url: string; close(): Promise<void> }> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: listenPort });
  wss.on("connection", (ws: WebSocket) => {
    const socket = net.connect(pgPort, pgHost);
    ws.on("message", (data) => socket.write(data as Buffer));
    socket.on("data", (chunk) => ws.readyState === ws.OPEN && ws.send(chunk));
    ws.on("close", () => socket.destroy());
    socket.on("close", () => ws.close());
    socket.on("error", () => ws.close());
  });
  await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
  const { port } = wss.address() as net.AddressInfo;
  return {
    url: `127.0.0.1:${port}/v2`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}
