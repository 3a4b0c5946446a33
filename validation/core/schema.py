"""A small checker for JSON documents: types, bounds and unknown keys, every error at once.

Each error is keyed by the JSON pointer of the value it is about (``/entries/3/qty``), the shape of
the API's error envelope and of the command line's report. Values of the wrong type are never
coerced: ``"2"`` is not a number and ``true`` is not 1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from common.text import is_blank, text_problem

MAX_ERRORS = 50


class Errors:
    """Collects ``{pointer: [messages]}``, at most :data:`MAX_ERRORS` pointers."""

    def __init__(self) -> None:
        self.fields: dict[str, list[str]] = {}
        self.truncated = False

    def add(self, pointer: str, message: str) -> None:
        if pointer not in self.fields and len(self.fields) >= MAX_ERRORS:
            self.truncated = True
            return
        self.fields.setdefault(pointer, []).append(message)

    def __bool__(self) -> bool:
        return bool(self.fields)


def child(pointer: str, key: str | int) -> str:
    text = str(key)
    if "~" in text or "/" in text:
        text = text.replace("~", "~0").replace("/", "~1")
    return f"{pointer}/{text}"


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


class Schema:
    """Checks a value and returns it cleaned (defaults filled in), or adds errors."""

    description = "a value"

    def check(self, value: Any, pointer: str, errors: Errors) -> Any:  # pragma: no cover - interface
        raise NotImplementedError

    def describe(self) -> dict[str, Any]:
        return {"type": self.description}

    def json_schema(self) -> dict[str, Any]:
        """The value as an OpenAPI 3.0 schema (JSON Schema), never stricter than :meth:`check`: what the
        schema refuses, ``check`` refuses too (a check may refuse more: cross-key rules, names, blank text)."""
        return json_schema_of(self.describe())


def json_schema_of(described: Mapping[str, Any]) -> dict[str, Any]:
    """An OpenAPI schema from a :meth:`Schema.describe` result (for schemas a game defines itself). Choices are
    left out: such schemas may match them without regard to case."""
    kind = described.get("type")
    out: dict[str, Any]
    if "one_of" in described:
        out = {"anyOf": [json_schema_of(d) for d in described["one_of"].values()]}
    elif kind == "string":
        out = {"type": "string", "minLength": 1}
        if "max_length" in described:
            out["maxLength"] = described["max_length"]
    elif kind in ("integer", "number"):
        out = {"type": kind}
        if "min" in described:
            out["minimum"] = described["min"]
        if "max" in described:
            out["maximum"] = described["max"]
    elif kind == "boolean":
        out = {"type": "boolean"}
    elif kind == "list":
        out = {"type": "array", "items": json_schema_of(described.get("items", {}))}
        if "max_items" in described:
            out["maxItems"] = described["max_items"]
    elif kind == "object" and "keys" in described:
        keys = described["keys"]
        out = {"type": "object", "properties": {k: json_schema_of(v) for k, v in keys.items()},
               "additionalProperties": False}
        required = [k for k, v in keys.items() if v.get("required")]
        if required:
            out["required"] = required
    elif kind == "object" and "values" in described:
        out = {"type": "object", "additionalProperties": json_schema_of(described["values"])}
        if "max_items" in described:
            out["maxProperties"] = described["max_items"]
    elif kind == "object":
        out = {"type": "object"}
    elif kind == "null":
        return {"type": "string", "nullable": True, "enum": [None]}
    else:
        out = {}
    if described.get("nullable"):
        out["nullable"] = True
    if described.get("doc"):
        out["description"] = described["doc"]
    return out


@dataclass(frozen=True)
class Str(Schema):
    max_length: int = 200
    choices: tuple[str, ...] = ()
    nullable: bool = False
    casefold: bool = False  # match choices without regard to case; return the choice as written here
    multiline: bool = False  # notes: line breaks and tabs allowed (never NUL or a lone surrogate)

    @property
    def description(self) -> str:  # type: ignore[override]
        if self.choices:
            return "one of " + ", ".join(self.choices)
        return "a string"

    def check(self, value: Any, pointer: str, errors: Errors) -> Any:
        if value is None and self.nullable:
            return None
        if not isinstance(value, str):
            errors.add(pointer, f"must be {self.description}, not {_type_name(value)}")
            return None
        problem = text_problem(value, one_line=not self.multiline)
        if problem is not None:
            errors.add(pointer, problem)
            return None
        if is_blank(value):
            errors.add(pointer, "must not be empty")
            return None
        if len(value) > self.max_length:
            errors.add(pointer, f"must be at most {self.max_length} characters long")
            return None
        if self.choices:
            for choice in self.choices:
                if value == choice or (self.casefold and value.casefold() == choice.casefold()):
                    return choice
            errors.add(pointer, f"must be {self.description}")
            return None
        return value

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "string", "max_length": self.max_length}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.nullable:
            out["nullable"] = True
        return out

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "string", "minLength": 1, "maxLength": self.max_length}
        if self.choices and not self.casefold:
            out["enum"] = [*self.choices, *([None] if self.nullable else [])]
        if self.nullable:
            out["nullable"] = True
        return out


@dataclass(frozen=True)
class _Bounded(Schema):
    """A number from ``min`` to ``max`` (``null`` too when nullable); subclasses say which numbers."""

    min: Any
    max: Any
    nullable: bool = False
    what: ClassVar[str]  # "a whole number"
    json_type: ClassVar[str]  # "integer"
    types: ClassVar[tuple[type, ...]]

    @property
    def description(self) -> str:  # type: ignore[override]
        return f"{self.what} from {self.min} to {self.max}"

    def check(self, value: Any, pointer: str, errors: Errors) -> Any:
        if value is None and self.nullable:
            return None
        if isinstance(value, bool) or not isinstance(value, self.types):
            errors.add(pointer, f"must be {self.description}, not {_type_name(value)}")
            return None
        problem = self.out_of_bounds(value)
        if problem:
            errors.add(pointer, problem)
            return None
        return value

    def out_of_bounds(self, value: Any) -> str:
        return "" if self.min <= value <= self.max else f"must be {self.description}"

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.json_type, "min": self.min, "max": self.max}
        if self.nullable:
            out["nullable"] = True
        return out


@dataclass(frozen=True)
class Int(_Bounded):
    min: int
    max: int
    what: ClassVar[str] = "a whole number"
    json_type: ClassVar[str] = "integer"
    types: ClassVar[tuple[type, ...]] = (int,)

    def out_of_bounds(self, value: Any) -> str:
        if value < self.min:
            return f"must be at least {self.min}"
        return f"must be at most {self.max}" if value > self.max else ""


@dataclass(frozen=True)
class Num(_Bounded):
    min: float
    max: float
    what: ClassVar[str] = "a number"
    json_type: ClassVar[str] = "number"
    types: ClassVar[tuple[type, ...]] = (int, float)


@dataclass(frozen=True)
class Bool(Schema):
    description = "true or false"

    def check(self, value: Any, pointer: str, errors: Errors) -> Any:
        if not isinstance(value, bool):
            errors.add(pointer, f"must be true or false, not {_type_name(value)}")
            return None
        return value

    def describe(self) -> dict[str, Any]:
        return {"type": "boolean"}


@dataclass(frozen=True)
class ListOf(Schema):
    item: Schema
    max_items: int
    nullable: bool = False
    description = "a list"

    def check(self, value: Any, pointer: str, errors: Errors) -> Any:
        if value is None and self.nullable:
            return None
        if not isinstance(value, list):
            errors.add(pointer, f"must be a list, not {_type_name(value)}")
            return None
        if len(value) > self.max_items:
            # Not one item is looked at: a list past its bound is refused whole.
            errors.add(pointer, f"must hold at most {self.max_items} items, not {len(value)}")
            return None
        return [self.item.check(item, child(pointer, i), errors) for i, item in enumerate(value)]

    def describe(self) -> dict[str, Any]:
        return {"type": "list", "max_items": self.max_items, "items": self.item.describe()}

    def json_schema(self) -> dict[str, Any]:
        out = {"type": "array", "maxItems": self.max_items, "items": self.item.json_schema()}
        return {**out, "nullable": True} if self.nullable else out


@dataclass(frozen=True)
class Key:
    schema: Schema
    required: bool = False
    default: Any = None
    doc: str = ""


@dataclass(frozen=True)
class Obj(Schema):
    keys: Mapping[str, Key]
    what: str = "object"  # "ddm list entry": used in messages about unknown keys
    nullable: bool = False
    check_extra: Callable[[dict[str, Any], str, Errors], None] | None = field(default=None, compare=False)

    description = "an object"

    def check(self, value: Any, pointer: str, errors: Errors) -> Any:
        if value is None and self.nullable:
            return None
        if not isinstance(value, dict):
            errors.add(pointer, f"must be an object, not {_type_name(value)}")
            return None
        out: dict[str, Any] = {}
        if not self.keys.keys() >= value.keys():
            known = ", ".join(self.keys)
            for name in value:
                if name not in self.keys:
                    errors.add(child(pointer, name), f"is not a key of a {self.what} (known: {known})")
        for name, key in self.keys.items():
            if name in value:
                out[name] = key.schema.check(value[name], child(pointer, name), errors)
            elif key.required:
                errors.add(child(pointer, name), "is required")
                out[name] = None
            else:
                out[name] = key.default
        if self.check_extra is not None:
            self.check_extra(out, pointer, errors)
        return out

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": {}}
        for name, key in self.keys.items():
            out["properties"][name] = {**key.schema.json_schema(), **({"description": key.doc} if key.doc else {})}
        required = [name for name, key in self.keys.items() if key.required]
        if required:
            out["required"] = required
        return {**out, "nullable": True} if self.nullable else out

    def describe(self) -> dict[str, Any]:
        return {
            "type": "object",
            "keys": {
                name: {**key.schema.describe(), "required": key.required, **({"doc": key.doc} if key.doc else {})}
                for name, key in self.keys.items()
            },
        }


@dataclass(frozen=True)
class Anything(Schema):
    """A value checked elsewhere (a format's parameters, which depend on the format)."""

    description = "an object"

    def check(self, value: Any, pointer: str, errors: Errors) -> Any:
        return value

    def describe(self) -> dict[str, Any]:
        return {"type": "object"}


@dataclass(frozen=True)
class Null(Schema):
    """A key a game keeps for the common shape but never fills (Dungeon Command's ``faction``)."""

    why: str = "must be null"
    description = "null"

    def check(self, value: Any, pointer: str, errors: Errors) -> Any:
        if value is not None:
            errors.add(pointer, self.why)
        return None

    def describe(self) -> dict[str, Any]:
        return {"type": "null"}
