// Container health probe: exits 0 only when this container's process answers 200 on its readiness route.
// Usage: node deploy/healthcheck.cjs [path]   (path defaults to /health/ready; the port is the process's PORT)
'use strict';

const port = process.env.PORT || '8080';
const path = process.argv[2] || '/health/ready';

fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(4000) })
  .then((response) => process.exit(response.status === 200 ? 0 : 1))
  .catch(() => process.exit(1));
