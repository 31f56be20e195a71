// For open-loop.test.ts: answers at once, except `/stall`, which blocks this process's only thread
// for 300 ms first, so every request that arrives meanwhile waits. Prints its port, then the
// arrival times of `/note/*` requests on stdout when asked `/arrivals`.
const arrivals: { path: string; at: number }[] = [];
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === "/arrivals") return Response.json(arrivals);
    if (path.startsWith("/note/")) arrivals.push({ path, at: performance.timeOrigin + performance.now() });
    if (path === "/stall") {
      const until = performance.now() + 300;
      while (performance.now() < until) {
        // Busy: nothing else runs in this process meanwhile.
      }
    }
    return new Response("ok");
  },
});
console.log(server.port);
