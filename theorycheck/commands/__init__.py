"""Further ``theorycheck`` subcommands, one module each, discovered by :mod:`theorycheck.cli`.

Each module defines ``register(subparsers)``: it adds its parser and sets
``func`` to a callable taking the parsed arguments and returning an exit code.
"""
