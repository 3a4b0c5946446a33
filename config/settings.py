"""Muster's settings. Everything that differs between machines comes from the environment.

Out of the box: SQLite in the checkout, Redis at 127.0.0.1:6379 (``make run`` starts it), DEBUG off.
``DATABASE_URL`` switches to PostgreSQL, ``REDIS_URL`` to another broker, ``CACHE_URL`` to a shared
cache (needed once there is more than one web process, for rate limits).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import dj_database_url
import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured

django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)


def _secret_key() -> str:
    key = os.environ.get("SECRET_KEY", "")
    if key:
        return key
    if not DEBUG and not env_bool("MUSTER_ALLOW_LOCAL_SECRET", False):
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set it in the environment (DEBUG=1 uses a key kept in .secret_key)."
        )
    # Development only: a random key kept out of git, so sessions survive a restart.
    path = BASE_DIR / ".secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
    return path.read_text().strip()


SECRET_KEY = _secret_key()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost" if not DEBUG else "*")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "csp",
    "catalogue",
    "validation",
    "builder",
    "simulate",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "config.middleware.RequestSizeLimitMiddleware",
    "config.middleware.UnstorableTextMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "catalogue.context_processors.catalogue",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A worker in another process must see the test database: keep it in a file, not in memory.
    DATABASES["default"]["TEST"] = {
        "NAME": os.environ.get("MUSTER_TEST_DB", str(BASE_DIR / ".run" / "test-db.sqlite3"))
    }
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Connections are kept (DB_CONN_MAX_AGE, as for PostgreSQL): a new SQLite connection's first statement reads
    # the schema and the write-ahead log, several milliseconds that every request paid (bench/load.py).

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHE_URL = os.environ.get("CACHE_URL", "")
if CACHE_URL.startswith("redis://") or CACHE_URL.startswith("rediss://"):
    CACHES = {"default": {"BACKEND": "config.cache.RedisCache", "LOCATION": CACHE_URL}}  # Django's, kept clients
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "muster"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Accounts: where logging in and out lead, and how many attempts the sign-in pages allow.
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "my-lists"
LOGOUT_REDIRECT_URL = "home"
MUSTER_LOGIN_FAILURES_PER_NAME = int(os.environ.get("LOGIN_FAILURES_PER_NAME", "10"))  # per 15 minutes
MUSTER_LOGIN_FAILURES_PER_ADDRESS = int(os.environ.get("LOGIN_FAILURES_PER_ADDRESS", "30"))  # per 15 minutes
MUSTER_SIGNUPS_PER_HOUR = int(os.environ.get("SIGNUPS_PER_HOUR", "10"))  # per address
MUSTER_RESET_MAILS_PER_HOUR = int(os.environ.get("RESET_MAILS_PER_HOUR", "5"))  # per address
MUSTER_CLAIMS_PER_HOUR = int(os.environ.get("CLAIMS_PER_HOUR", "30"))  # failed claims per address

# Mail (password resets): printed on the console unless EMAIL_HOST is set.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", not EMAIL_USE_SSL)
    EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "20"))
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Muster <noreply@localhost>")

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("hu", "Magyar"), ("ru", "Русский"), ("pl", "Polski")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = True
WHITENOISE_MANIFEST_STRICT = False

# Bounded requests: a list document is small; anything bigger is refused with 413.
MUSTER_MAX_REQUEST_BYTES = int(os.environ.get("MUSTER_MAX_REQUEST_BYTES", str(1024 * 1024)))
DATA_UPLOAD_MAX_MEMORY_SIZE = MUSTER_MAX_REQUEST_BYTES
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2000

SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
# One switch for a site served over HTTPS (behind a TLS proxy that sets X-Forwarded-Proto): MUSTER_TLS=1 turns
# on the redirect to https, secure session and CSRF cookies and HSTS (docs/operations.md). The older separate
# switches still work one by one.
MUSTER_TLS = env_bool("MUSTER_TLS", False)
BEHIND_TLS_PROXY = env_bool("BEHIND_TLS_PROXY", MUSTER_TLS)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", MUSTER_TLS)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", MUSTER_TLS)
if BEHIND_TLS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
if MUSTER_TLS:
    SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", True)
# /healthz answers the load balancer over plain HTTP on the private side.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
# How many proxies in front of the site append to X-Forwarded-For: the client's address is the one the
# outermost of them saw (config.limits.client_address). 0 (no proxy): the header is never read.
MUSTER_TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES", "1" if BEHIND_TLS_PROXY else "0"))

# Content-Security-Policy (django-csp): only our own scripts, styles and images; no inline script; no framing.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "config.schema.MusterAutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["config.parsers.StrictJSONParser"],
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "EXCEPTION_HANDLER": "config.api.exception_handler",
    "NUM_PROXIES": MUSTER_TRUSTED_PROXIES,  # DRF's own client address agrees with config.limits.client_address
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("THROTTLE_ANON", "300/minute"),
        "user": os.environ.get("THROTTLE_USER", "600/minute"),
        "expensive": os.environ.get("THROTTLE_EXPENSIVE", "10/minute"),
        "validate": os.environ.get("THROTTLE_VALIDATE", "240/minute"),
        "save": os.environ.get("THROTTLE_SAVE", "60/minute"),
        "import": os.environ.get("THROTTLE_IMPORT", "30/minute"),
    },
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Muster API",
    "DESCRIPTION": "Catalogue, validation, saved lists and matchup previews for four miniatures games.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # The API docs page's assets are served by this site (the Content-Security-Policy allows no other).
    "SWAGGER_UI_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "config.schema.add_components"],
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SOFT_TIME_LIMIT = int(os.environ.get("CELERY_TASK_SOFT_TIME_LIMIT", "300"))
CELERY_TASK_TIME_LIMIT = int(os.environ.get("CELERY_TASK_TIME_LIMIT", "360"))
CELERY_RESULT_EXPIRES = 24 * 3600
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
# The queue tasks are sent to and the worker reads: `make run` names one per checkout, so two checkouts
# sharing one Redis never run each other's tasks.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "celery")
# A task a lost worker machine never acknowledged goes back to the queue after this many seconds (acks late).
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "900"))}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}

# Where the public catalogue sources live (read by the conversion script, not at run time).
MUSTER_SHARED_DIR = Path(os.environ.get("MUSTER_SHARED_DIR", str(BASE_DIR.parent / "shared")))
