# Berserk Online game server: one process per container; several containers share one Redis (docs/scaling.md).
FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    BERSERK_HOST=0.0.0.0 \
    BERSERK_PORT=8000 \
    BERSERK_DATA_DIR=/data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY berserk_native.py ./
COPY engine ./engine
COPY protocol ./protocol
COPY server ./server
RUN pip install --no-cache-dir . \
    && useradd --system --uid 10001 --user-group --no-create-home berserk \
    && mkdir /data && chown 10001:10001 /data

# the SQLite store of a container without DATABASE_URL (docs/operations.md); mount a volume here to keep it
VOLUME ["/data"]
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2).status == 200 else 1)"]
CMD ["python", "-m", "server"]
