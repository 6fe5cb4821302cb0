# The llm-bench image: what each pod of `llm-bench launch k8s` runs (one shard, or the merge), and a way to run the
# tool anywhere with a container engine: `docker run IMAGE run gsm8k --base-url …`. Results go to the /results volume.
# Build: docker build -t llm-bench .   (not built on the machine this was written on: it reaches no image registry)

# ---- build: dependencies, then the TypeScript build, then only what runs ----
FROM node:20-slim AS build
WORKDIR /app
# The overrides in package.json point node-llama-cpp's GPU binaries at this empty stand-in (links into stubs/).
COPY package.json package-lock.json ./
COPY stubs/ ./stubs/
# `npm install`, as .ci/run does: the lock file lists only Linux's optional binaries, which `npm ci` refuses.
# Scripts wait for the sources: the package's own `prepare` builds dist/, which needs src/.
RUN npm install --no-audit --no-fund --ignore-scripts && npm rebuild
COPY tsconfig.json tsconfig.build.json ./
COPY src/ ./src/
RUN npm run build && npm prune --omit=dev --no-audit --no-fund --ignore-scripts

# ---- runtime: node, the build and the production dependencies, as the unprivileged `node` user ----
FROM node:20-slim AS runtime
LABEL org.opencontainers.image.title="llm-bench" \
      org.opencontainers.image.description="Accuracy benchmarks and serving-performance measurement for OpenAI-compatible LLM servers" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.base.name="docker.io/library/node:20-slim"
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/stubs/ ./stubs/
COPY --from=build /app/node_modules/ ./node_modules/
COPY --from=build /app/dist/ ./dist/
# uid 1000 (`node`) owns /results; a Kubernetes pod's fsGroup 1000 makes a mounted volume writable to it.
RUN mkdir -p /results && chown node:node /results
USER node
WORKDIR /results
VOLUME ["/results"]
ENTRYPOINT ["node", "/app/dist/cli/main.js"]
CMD ["--help"]
