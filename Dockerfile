# SongWish store. Build: docker build -t songwish .
# Run (DATA_DIR is the /data volume; keep it, it is the whole store):
#   docker run -d --name songwish -p 8080:8080 -v songwish-data:/data \
#     -e PUBLIC_URL=https://shop.example.com -e PAYMENTS_PROVIDER=fastspring \
#     -e FASTSPRING_STOREFRONT=yourstore.onfastspring.com/popup-yourstore -e SMTP_URL=smtps://… songwish
# In a container the store listens on 0.0.0.0, a public address: the sandbox payment provider
# refuses to start there. Configure FastSpring as above, or to try the sandbox add
# -e SANDBOX_ON_PUBLIC_HOST=true (its mailbox is then protected by a secret printed at start).
FROM node:20-bookworm-slim

# pg_dump and pg_restore, for `npm run backup` / `npm run restore` with DATABASE_URL (tar and gzip are in the base image).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir /data /app && chown node:node /data /app

# /app is the node user's: npm ci creates node_modules and the build output there.
WORKDIR /app
COPY --chown=node:node . .
USER node
# The end-to-end tests' browser is not needed in the image.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# npm ci's postinstall builds the web app and the server (scripts/build.mjs).
RUN npm ci --no-audit --no-fund && npm cache clean --force

ENV HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
VOLUME /data
EXPOSE 8080
# The store is the container's main process (no npm, no shell): `docker stop` sends it SIGTERM,
# it finishes the requests in flight, closes the database and releases DATA_DIR's lock.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
