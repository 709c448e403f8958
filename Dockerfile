# One image for every OMP Console process: the API (default command), the Temporal worker
# (`python -m worker`), migrations (`python -m api.prestart`) and the search-attribute job.
#   docker build -t omp-console .

# ---- web: the React app, built once -------------------------------------------------------
FROM node:20-bookworm-slim AS web
WORKDIR /web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

# ---- app -----------------------------------------------------------------------------------
FROM python:3.11-slim AS app
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app

# Dependencies first, from pyproject.toml alone, so code changes do not reinstall them.
COPY pyproject.toml ./
RUN pip install . && pip uninstall -y omp-console

COPY alembic.ini ./
COPY domain/ domain/
COPY api/ api/
COPY workflows/ workflows/
COPY activities/ activities/
COPY services/ services/
COPY demo/ demo/
COPY worker/ worker/
COPY launcher/ launcher/
COPY migrations/ migrations/
RUN pip install --no-deps . && rm -rf build *.egg-info
COPY --from=web /web/dist web/dist

# The code in /app comes first on the path, so that alembic.ini, migrations/ and web/dist are
# found next to it (domain.settings.ROOT is the directory above domain/).
ENV PYTHONPATH=/app \
    OMP_HOST=0.0.0.0 \
    OMP_PORT=8000 \
    OMP_VAR_DIR=/var/lib/omp \
    OMP_WEB_DIST=/app/web/dist \
    OMP_LOG_JSON=true

RUN useradd --system --uid 10001 --home-dir /var/lib/omp omp \
    && mkdir -p /var/lib/omp/files /var/lib/omp/mail \
    && chown -R omp:omp /var/lib/omp
USER omp
EXPOSE 8000
CMD ["python", "-m", "api"]
