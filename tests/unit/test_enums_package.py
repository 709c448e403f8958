"""domain/enums is one module a family; `domain.enums` must still serve and re-export every enumeration."""

from enum import StrEnum

import domain.enums as enums


def family_enums() -> list[type[StrEnum]]:
    return [e for family in enums.FAMILIES for e in vars(family).values()
            if isinstance(e, type) and issubclass(e, StrEnum) and e.__module__ == family.__name__]


def test_every_family_enumeration_is_served_and_re_exported():
    defined = family_enums()
    assert len(defined) == len({e.__name__ for e in defined}), "two families define an enumeration of the same name"
    assert set(enums.ALL) == {e.__name__ for e in defined}
    for e in defined:
        assert getattr(enums, e.__name__) is e
        assert e.__name__ in enums.__all__


def test_every_family_module_is_listed():
    from pathlib import Path

    files = {p.stem for p in Path(enums.__file__).parent.glob("*.py")} - {"__init__"}
    assert files == {family.__name__.rsplit(".", 1)[1] for family in enums.FAMILIES}


def test_every_enumeration_value_has_a_label_in_every_language():
    """A value without a label is served as its code (GET /cms/common/enums): a reader would see SYS_ERP."""
    import json
    from pathlib import Path

    root = Path(enums.__file__).parent.parent / "locales"
    for language in sorted(p.name for p in root.iterdir() if p.is_dir()):
        keys: set[str] = set()
        for file in (root / language).glob("*.json"):
            keys |= set(json.loads(file.read_text(encoding="utf-8")))
        missing = [f"{name}.{member.value}" for name, e in enums.ALL.items() for member in e
                   if f"enums.{name}.{member.value}" not in keys]
        assert not missing, f"{language}: no label for {missing}"


def test_every_job_of_the_catalogue_has_a_translated_name_and_built_in_tasks_are_named_by_it():
    import json
    from pathlib import Path

    from domain.rules.jobs import JOBS
    from domain.seed.jobs import BUILT_IN

    assert {key.value for key in enums.JobKey} == set(JOBS)
    english = json.loads((Path(enums.__file__).parent.parent / "locales" / "en" / "jobs.json").read_text("utf-8"))
    for name, key, *_ in BUILT_IN:
        assert english[f"enums.JobKey.{key}"] == name, "the web shows a built-in task by its job's label"
