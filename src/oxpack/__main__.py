"""`python -m oxpack` is the `oxpack` command."""

from .cli import main

raise SystemExit(main())
