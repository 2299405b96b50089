# The production image: the build in dist/, served by Caddy through the project's Caddyfile.
#
#   docker build -t acebridge .
#   docker run -e API_HOST=api.acebridge.io -p 8080:8080 acebridge
#
# API_HOST is read when the container starts: one image serves every environment. It listens on
# plain HTTP on 8080, as an unprivileged user; TLS ends in front of it (a load balancer, an ingress).

FROM node:24 AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM caddy:2
# Caddy keeps a small state (an autosave of its configuration) in the user's home, not in the
# image's root-owned /config and /data.
RUN adduser -D acebridge
ENV XDG_CONFIG_HOME=/home/acebridge/.config \
    XDG_DATA_HOME=/home/acebridge/.local/share \
    SERVE_ROOT=/srv/dist
COPY Caddyfile /etc/caddy/Caddyfile
# The entrypoint refuses an API_HOST the app cannot use (a scheme, a path, a port out of range),
# saying what a right value looks like, then runs Caddy; the app reads the same rule.
COPY src/lib/api-host.pattern /etc/acebridge/api-host.pattern
COPY --chmod=755 tests/serve/check-api-host.sh /usr/local/bin/check-api-host
ENV API_HOST_PATTERN_FILE=/etc/acebridge/api-host.pattern
COPY --from=build /app/dist /srv/dist
USER acebridge
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s CMD wget -q -O /dev/null http://127.0.0.1:8080/ || exit 1
ENTRYPOINT ["/usr/local/bin/check-api-host"]
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
