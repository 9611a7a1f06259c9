// A tiny TCP load balancer: each client connection goes to the next backend in turn; a backend
// that refuses the connection is skipped for a second and the connection tries the next one, so
// clients keep being served by the survivors when a replica dies. Bytes are piped as they are
// (HTTP keep-alive connections stay on their backend, as behind a TCP-mode balancer).
import net from 'node:net';

export async function startRoundRobinProxy(backendPorts) {
  const downUntil = new Map();
  const connections = new Map(backendPorts.map((p) => [p, 0]));
  let next = 0;
  const open = new Set();

  const connect = (client, tried) => {
    if (tried >= backendPorts.length) return client.destroy();
    const candidates = backendPorts.map((_, i) => backendPorts[(next + i) % backendPorts.length]);
    const port = candidates.find((p) => (downUntil.get(p) ?? 0) <= Date.now()) ?? candidates[0];
    next = (backendPorts.indexOf(port) + 1) % backendPorts.length;
    const upstream = net.connect({ host: '127.0.0.1', port });
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      connections.set(port, connections.get(port) + 1);
      client.pipe(upstream).pipe(client);
      client.resume();
    });
    upstream.on('error', () => {
      if (connected) return client.destroy();
      downUntil.set(port, Date.now() + 1000);
      connect(client, tried + 1);
    });
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  };

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    connect(client, 0);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: server.address().port,
    /** Client connections each backend took. */
    connections,
    close() {
      for (const c of open) c.destroy();
      server.close();
    },
  };
}
