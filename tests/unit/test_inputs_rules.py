"""The input rules every door runs (domain/rules/inputs.py): each refusal names where the value is."""

from domain.rules.inputs import INT64_MAX, find_problem


def where(value, **kw):
    problem = find_problem(value, **kw)
    return (problem.field, problem.rule) if problem else None


def test_fine_values_pass():
    assert where({"title": "Café 订单", "ids": [1, INT64_MAX], "x": None, "ok": True, "f": 1.5, "n": {"a": []}}) is None


def test_each_refusal_names_the_value():
    assert where({"a": [{"b": "x\u0000"}]}) == ("a[0].b", "text_nul")
    assert where({"a": "\ud800"}) == ("a", "text_surrogate")
    assert where({"ids": [1, INT64_MAX + 1]}) == ("ids[1]", "int64")
    assert where({"a": "x" * 11}, max_text=10) == ("a", "max_length")
    assert where({"a": {"b\u0000": 1}}) == ("a", "key")
    assert where("x\u0000") == ("body", "text_nul")
    assert where("x\u0000", path="content") == ("content", "text_nul")


def test_depth_is_counted_without_recursion():
    deep: object = 1
    for _ in range(5000):
        deep = {"a": deep}
    assert where(deep) == ("a." * 31 + "a", "depth")
    assert where([[[1]]], max_depth=2) == ("[0][0]", "depth")
