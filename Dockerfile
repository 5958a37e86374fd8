# siret-mock's server and CLI in a container (docs/server.md, "Containers"):
#   docker build -t siret-mock . && docker run --rm -p 3000:3000 siret-mock
# Works with Docker and podman. NODE_IMAGE picks the base of every stage: any image with Node 20.19+, 22.12+ or 24 and npm.
ARG NODE_IMAGE=node:22-slim

# Build the package from the repo and pack it as npm publishes it, so the image runs what `npm install siret-mock` gets.
# Lifecycle scripts are off on both sides: the build runs once, explicitly, whatever hook package.json attaches it to.
FROM ${NODE_IMAGE} AS build
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
COPY . .
RUN npm run build \
  && npm pack --ignore-scripts --pack-destination /tmp --loglevel=error \
  && mv /tmp/siret-mock-*.tgz /tmp/siret-mock.tgz \
  && node -p "require('ioredis/package.json').version" > /tmp/ioredis-version

# Install the tarball with its production dependencies (none today) and ioredis, the optional peer `--redis` needs, at the
# version the lock file tests.
FROM ${NODE_IMAGE} AS install
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --from=build /tmp/siret-mock.tgz /tmp/ioredis-version /tmp/
RUN echo '{"private":true}' > package.json \
  && npm install --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error \
    /tmp/siret-mock.tgz "ioredis@$(cat /tmp/ioredis-version)"

FROM ${NODE_IMAGE}
# Listen on every interface of the container; every SIRET_MOCK_* variable of `siret-mock serve` applies (docs/server.md).
ENV SIRET_MOCK_HOST=0.0.0.0 \
    SIRET_MOCK_PORT=3000
WORKDIR /app
COPY --from=install /app/node_modules /app/node_modules
# The base images' unprivileged user (uid 1000); the files stay root's, so the server cannot change its own code.
USER node
EXPOSE 3000
# On SIGTERM the server stops accepting, lets in-flight requests finish (10 s at most), closes Redis and exits 0: give
# `docker stop` more than that (`--stop-timeout 15`, compose's stop_grace_period). Node is PID 1 (exec form, no shell),
# so the signal reaches it; the server starts no child process, so there is nothing to reap.
STOPSIGNAL SIGTERM
# Slim images have no curl: Node asks /healthz on the port SIRET_MOCK_PORT names.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.SIRET_MOCK_PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["node", "/app/node_modules/siret-mock/dist/src/node/cli.js"]
CMD ["serve"]
