/**
 * The load balancer in front of the app instances: nginx, round robin. The README's deployment section shows
 * this configuration; the two-instance test runs it as written, with its own ports and work folder.
 */
export function nginxConfig(options: {
  listen: string;
  upstreams: string[];
  /** Where nginx keeps its pid, logs and request buffers (the test's own folder). */
  workDir: string;
  /** Workers run as this user when nginx starts as root (the test: root, so it can write workDir). */
  user?: string;
}): string {
  const dir = options.workDir;
  return `${options.user ? `user ${options.user};\n` : ""}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;

events { worker_connections 1024; }

http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  upstream greenscape {
    # Round robin. Passive health checks: an instance that refuses or drops a connection is skipped for
    # 10 s; the app's GET /api/health (database and file store) is for an active checker.
    ${options.upstreams.map((address) => `server ${address} max_fails=1 fail_timeout=10s;`).join("\n    ")}
    keepalive 32;
  }

  server {
    listen ${options.listen};
    # Quote photos and six job photos at 10 MB each; the app enforces its own limits per route.
    client_max_body_size 70m;

    location / {
      proxy_pass http://greenscape;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # The first proxy: the client's own X-Forwarded-For is replaced by the address nginx saw, never appended
      # to ($proxy_add_x_forwarded_for), so rate limits and the sign-in lock-out count the real client address
      # (the app believes the header from TRUST_PROXY's addresses only). A proxy behind another appends instead.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      # A request that could not reach an instance goes to the other. A POST that reached one is not
      # resent (nginx's rule for non-idempotent methods); clients retry it with its idempotency key.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
    }

    # Server-sent events: no buffering, a long read timeout (the stream sends a comment every 25 s).
    location = /api/notifications/stream {
      proxy_pass http://greenscape;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}
