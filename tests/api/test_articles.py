"""Campaign articles: POST (upsert), GET (list, filters), DELETE one, DELETE all."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from backend_stub.domain.articles import MAX_POSTED_ARTICLES
from backend_stub.domain.errors import MAX_LISTED_FIELDS
from tests.api.lists import all_results
from tests.conftest import DEMO_PRIVATE, DEMO_PUBLIC, OTHER_PRIVATE, bearer

XML = "application/vnd.service.v1+xml"
ARTICLES = "/me/campaigns/spring/articles"


def _article(id, name, **more):
    return {"id": id, "name": name, "url": f"https://shop.example/items/{id}", **more}


async def _post(api, articles, path=ARTICLES, key=DEMO_PRIVATE, **headers):
    return await api.post(path, json=articles, headers=bearer(key, **headers))


async def _ids(api, path=ARTICLES, params=None, key=DEMO_PRIVATE):
    return [article["id"] for article in await all_results(api, path, params, key)]


async def test_post_is_204_without_a_content_type(api):
    response = await _post(api, [_article("a1", "Shoes")])
    assert response.status == 204
    assert await response.read() == b""
    assert "Content-Type" not in response.headers
    assert response.headers["X-Service-Media-Type"] == "service.v1"


async def test_posted_articles_are_listed_in_posting_order(api):
    await _post(
        api,
        [
            _article("b", "Boots", description="Warm", image_url="http://img.example/b.png"),
            _article("a", "Apron"),
        ],
    )
    response = await api.get(ARTICLES, headers=bearer(DEMO_PRIVATE))
    assert response.status == 200
    body = await response.json()
    assert body["paging"]["count"] == 2
    assert body["results"] == [
        {
            "id": "b",
            "name": "Boots",
            "description": "Warm",
            "url": "https://shop.example/items/b",
            "image_url": "http://img.example/b.png",
        },
        {
            "id": "a",
            "name": "Apron",
            "description": None,
            "url": "https://shop.example/items/a",
            "image_url": None,
        },
    ]


async def test_posting_an_existing_id_updates_it_in_place(api):
    await _post(api, [_article("a", "Apron"), _article("b", "Boots", description="Warm")])
    await _post(api, [_article("c", "Cap"), _article("a", "Apron, blue")])
    results = await all_results(api, ARTICLES)
    assert [(article["id"], article["name"]) for article in results] == [
        ("a", "Apron, blue"),
        ("b", "Boots"),
        ("c", "Cap"),
    ]


async def test_an_update_replaces_optional_fields_too(api):
    await _post(api, [_article("a", "Apron", description="Old", image_url="https://img.example/a.png")])
    await _post(api, [_article("a", "Apron")])
    (article,) = await all_results(api, ARTICLES)
    assert article["description"] is None and article["image_url"] is None


async def test_an_empty_array_creates_the_campaign(api):
    assert (await _post(api, [])).status == 204
    response = await api.get(ARTICLES, headers=bearer(DEMO_PRIVATE))
    assert response.status == 200
    assert (await response.json())["paging"]["count"] == 0


async def test_campaigns_are_separate(api):
    await _post(api, [_article("a", "Apron")])
    await _post(api, [_article("z", "Zip")], path="/me/campaigns/autumn/articles")
    assert await _ids(api) == ["a"]
    assert await _ids(api, "/me/campaigns/autumn/articles") == ["z"]


async def test_an_unknown_campaign_is_404(api):
    response = await api.get("/me/campaigns/none/articles", headers=bearer(DEMO_PRIVATE))
    assert response.status == 404
    assert (await response.json())["error"]["type"] == "ObjectNotFoundException"
    assert (await api.delete("/me/campaigns/none/articles", headers=bearer(DEMO_PRIVATE))).status == 404
    assert (await api.delete("/me/campaigns/none/articles/a", headers=bearer(DEMO_PRIVATE))).status == 404


@pytest.mark.parametrize("campaign_id", ["spring%202027", "x%40y", "a" * 256])
async def test_a_campaign_id_no_campaign_can_have_is_a_400_naming_it_even_to_read(api, campaign_id):
    # Not a 404 "no such campaign": a back office would offer to add articles to it.
    response = await api.get(f"/me/campaigns/{campaign_id}/articles", headers=bearer(DEMO_PRIVATE))
    assert response.status == 400
    assert list((await response.json())["error"]["fields"]) == ["campaign_id"]


async def test_another_merchant_s_campaign_is_404(api):
    await _post(api, [_article("a", "Apron")], key=OTHER_PRIVATE)
    for method, path in (("GET", ARTICLES), ("DELETE", ARTICLES), ("DELETE", ARTICLES + "/a")):
        response = await api.request(method, path, headers=bearer(DEMO_PRIVATE))
        assert response.status == 404, (method, path)
    assert await _ids(api, key=OTHER_PRIVATE) == ["a"]  # untouched


async def test_merchants_may_use_the_same_campaign_id(api):
    await _post(api, [_article("mine", "Mine")])
    await _post(api, [_article("theirs", "Theirs")], key=OTHER_PRIVATE)
    assert await _ids(api) == ["mine"]
    assert await _ids(api, key=OTHER_PRIVATE) == ["theirs"]


async def test_delete_one(api):
    await _post(api, [_article("a", "Apron"), _article("b", "Boots")])
    response = await api.delete(ARTICLES + "/a", headers=bearer(DEMO_PRIVATE))
    assert response.status == 204
    assert "Content-Type" not in response.headers
    assert await _ids(api) == ["b"]
    response = await api.delete(ARTICLES + "/a", headers=bearer(DEMO_PRIVATE))
    assert response.status == 404


async def test_delete_all_keeps_the_campaign(api):
    await _post(api, [_article("a", "Apron"), _article("b", "Boots")])
    response = await api.delete(ARTICLES, headers=bearer(DEMO_PRIVATE))
    assert response.status == 204
    assert await _ids(api) == []
    assert (await api.delete(ARTICLES, headers=bearer(DEMO_PRIVATE))).status == 204


async def test_articles_are_paginated(api):
    await _post(api, [_article(f"a{n:02d}", f"Article {n}") for n in range(25)])
    response = await api.get(ARTICLES, params={"page": "2"}, headers=bearer(DEMO_PRIVATE))
    body = await response.json()
    assert [article["id"] for article in body["results"]] == [f"a{n:02d}" for n in range(20, 25)]
    assert body["cursor"] == {"after": None, "before": 1}
    assert (await api.get(ARTICLES, params={"page": "3"}, headers=bearer(DEMO_PRIVATE))).status == 404
    assert (await api.get(ARTICLES, params={"page": "0"}, headers=bearer(DEMO_PRIVATE))).status == 404


# --- filters on id and name, against a plain-Python oracle ------------------------------------

CATALOGUE = [
    _article("SKU-1", "Blue shoes"),
    _article("sku-2", "blue Shoes deluxe"),
    _article("SKU-3", "Red hat"),
    _article("mug", "Straße mug"),
    _article("cap_7", "STRASSE cap"),
    _article("lamp", "Lamp (green)"),
]

ORACLE = {
    "exact": lambda actual, value: actual == value,
    "iexact": lambda actual, value: actual.casefold() == value.casefold(),
    "contains": lambda actual, value: value in actual,
    "icontains": lambda actual, value: value.casefold() in actual.casefold(),
    "startswith": lambda actual, value: actual.startswith(value),
    "istartswith": lambda actual, value: actual.casefold().startswith(value.casefold()),
    "endswith": lambda actual, value: actual.endswith(value),
    "iendswith": lambda actual, value: actual.casefold().endswith(value.casefold()),
    "regex": lambda actual, value: re.search(value, actual) is not None,
    "iregex": lambda actual, value: re.search(value, actual, re.IGNORECASE) is not None,
    "in": lambda actual, value: actual in value.split(","),
    "search": lambda actual, value: (
        set(re.findall(r"\w+", value.casefold())) <= set(re.findall(r"\w+", actual.casefold()))
    ),
    "isnull": lambda actual, value: value == "no",  # ids and names are never null
}


def _expected(params):
    def matches(article, param, value):
        field, _, lookup = param.partition("-")
        return ORACLE[lookup or "exact"](article[field], value)

    return [a["id"] for a in CATALOGUE if all(matches(a, param, value) for param, value in params.items())]


@pytest.mark.parametrize(
    "params",
    [
        {"id": "SKU-1"},
        {"id-iexact": "sku-1"},
        {"id-contains": "SKU"},
        {"id-icontains": "sku"},
        {"id-startswith": "sku"},
        {"id-istartswith": "SKU"},
        {"id-endswith": "_7"},
        {"id-iendswith": "-3"},
        {"id-regex": r"^[A-Z]+-\d$"},
        {"id-iregex": r"^sku-[12]$"},
        {"id-in": "mug,lamp,none"},
        {"id-search": "sku"},
        {"id-isnull": "no"},
        {"name": "Blue shoes"},
        {"name-iexact": "STRASSE MUG"},
        {"name-contains": "Shoes"},
        {"name-icontains": "shoes"},
        {"name-icontains": "straße"},
        {"name-startswith": "blue"},
        {"name-istartswith": "blue"},
        {"name-endswith": "hat"},
        {"name-iendswith": "CAP"},
        {"name-regex": "^[A-Z]"},
        {"name-iregex": "(hat|cap)$"},
        {"name-in": "Red hat,Lamp (green)"},
        {"name-search": "green"},
        {"name-search": "BLUE shoes"},
        {"name-isnull": "yes"},
        {"id-istartswith": "sku", "name-icontains": "blue"},
        {"id-contains": "-", "name-search": "hat"},
    ],
    ids=lambda params: "&".join(map("=".join, params.items())),
)
async def test_article_filters_match_the_oracle(api, params):
    await _post(api, CATALOGUE)
    assert await _ids(api, params=params) == _expected(params)


@pytest.mark.parametrize(
    ("param", "value"),
    [("url", "x"), ("description-contains", "x"), ("name-gt", "a"), ("id-year", "2026"), ("name-regex", "[")],
)
async def test_bad_article_filter_is_400_naming_it(api, param, value):
    await _post(api, CATALOGUE)
    response = await api.get(ARTICLES, params={param: value}, headers=bearer(DEMO_PRIVATE))
    assert response.status == 400
    assert list((await response.json())["error"]["fields"]) == [param]


# --- validation -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        ({"id": "a"}, {"body"}),
        ("articles", {"body"}),
        ([5], {"[0]"}),
        ([{}], {"[0].id", "[0].name", "[0].url"}),
        ([_article("a", "A"), {"id": "b", "url": "https://x.example"}], {"[1].name"}),
        ([_article("a", "A", url="/relative")], {"[0].url"}),
        ([_article("a", "A", url="ftp://x.example/a")], {"[0].url"}),
        ([_article("a", "A", url="javascript:alert(1)")], {"[0].url"}),
        ([_article("a", "A", url="https://")], {"[0].url"}),
        ([_article("a", "A", url="https://x.example/a b")], {"[0].url"}),
        ([_article("a", "A", url=5)], {"[0].url"}),
        ([_article("a", "A", image_url="data:image/png;base64,xx")], {"[0].image_url"}),
        ([_article("a", "A", description=["x"])], {"[0].description"}),
        ([_article("a", "A", price=5)], {"[0].price"}),
        ([_article("a/b", "A")], {"[0].id"}),
        ([_article(7, "A")], {"[0].id"}),
        ([_article("a", "")], {"[0].name"}),
        ([_article("a", "A"), _article("a", "B")], {"[1].id"}),
        ([{"id": "a"}, 5, _article("c", "C", url="mailto:x@y")], {"[0].name", "[0].url", "[1]", "[2].url"}),
    ],
)
async def test_invalid_articles_are_400_naming_every_field_path(api, body, fields):
    response = await _post(api, body)
    assert response.status == 400
    error = (await response.json())["error"]
    assert error["type"] == "ApiValidationException"
    assert set(error["fields"]) == fields
    assert (await api.get(ARTICLES, headers=bearer(DEMO_PRIVATE))).status == 404  # nothing was created


async def test_required_fields_say_so(api):
    response = await _post(api, [{"id": "a"}])
    fields = (await response.json())["error"]["fields"]
    assert fields == {"[0].name": ["This field is required."], "[0].url": ["This field is required."]}


async def test_non_json_body_is_415(api):
    response = await api.post(
        ARTICLES, data="id=a", headers=bearer(DEMO_PRIVATE, **{"Content-Type": "text/csv"})
    )
    assert response.status == 415


async def test_malformed_json_is_400(api):
    response = await api.post(
        ARTICLES, data="[{]", headers=bearer(DEMO_PRIVATE, **{"Content-Type": "application/json"})
    )
    assert response.status == 400


@pytest.mark.parametrize("method", ["GET", "POST", "DELETE"])
async def test_public_key_is_403(api, method):
    response = await api.request(method, ARTICLES, json=[], headers=bearer(DEMO_PUBLIC))
    assert response.status == 403


# --- formats and versions -----------------------------------------------------------------------


@pytest.mark.parametrize("prefix", ["", "/v1"])
async def test_every_article_endpoint_in_xml(api, prefix):
    path = prefix + ARTICLES
    headers = bearer(DEMO_PRIVATE, Accept=XML)
    response = await api.post(path, json=[_article("a", "Apron"), _article("b", "Boots")], headers=headers)
    assert response.status == 204
    assert "Content-Type" not in response.headers

    response = await api.get(path, headers=headers)
    assert response.status == 200
    root = ET.fromstring(await response.text())
    assert [item.findtext("id") for item in root.findall("results/list-item")] == ["a", "b"]
    assert root.find("results/list-item/description").text is None

    response = await api.delete(path + "/a", headers=headers)
    assert response.status == 204
    assert "Content-Type" not in response.headers
    response = await api.delete(path, headers=headers)
    assert response.status == 204
    response = await api.get(path, headers=headers)
    assert ET.fromstring(await response.text()).findtext("paging/count") == "0"


async def test_validation_error_in_xml_names_the_path(api):
    response = await api.post(
        ARTICLES, json=[{"id": "a", "name": "A"}], headers=bearer(DEMO_PRIVATE, Accept=XML)
    )
    assert response.status == 400
    fields = ET.fromstring(await response.text()).find("error/fields")
    assert [child.get("name", child.tag) for child in fields] == ["[0].url"]


async def test_v1_json(api):
    response = await api.post("/v1" + ARTICLES, json=[_article("a", "Apron")], headers=bearer(DEMO_PRIVATE))
    assert response.status == 204
    assert await _ids(api, "/v1" + ARTICLES) == ["a"]
    assert (await api.delete("/v1" + ARTICLES + "/a", headers=bearer(DEMO_PRIVATE))).status == 204


# --- bounded bodies and answers ------------------------------------------------------------------


async def test_the_most_articles_a_request_may_post_are_all_written(api):
    articles = [_article(f"a{n}", f"Item {n}") for n in range(MAX_POSTED_ARTICLES)]
    assert (await _post(api, articles)).status == 204
    listed = await api.get(ARTICLES, headers=bearer(DEMO_PRIVATE))
    assert (await listed.json())["paging"]["count"] == MAX_POSTED_ARTICLES


async def test_one_article_more_is_400_naming_the_body_and_writes_nothing(api):
    articles = [_article(f"a{n}", f"Item {n}") for n in range(MAX_POSTED_ARTICLES + 1)]
    response = await _post(api, articles)
    assert response.status == 400
    assert str(MAX_POSTED_ARTICLES) in (await response.json())["error"]["fields"]["body"][0]
    assert (await api.get(ARTICLES, headers=bearer(DEMO_PRIVATE))).status == 404


async def test_an_answer_lists_the_first_fields_and_counts_the_errors_it_leaves_out(api):
    # Every empty article misses its id, name and url: three errors each.
    response = await _post(api, [{}] * MAX_POSTED_ARTICLES)
    body = await response.read()
    error = (await response.json())["error"]
    assert response.status == 400 and len(body) < 20_000
    assert len(error["fields"]) == MAX_LISTED_FIELDS
    assert list(error["fields"])[:4] == ["[0].id", "[0].name", "[0].url", "[1].id"]
    assert error["errors_not_listed"] == 3 * MAX_POSTED_ARTICLES - MAX_LISTED_FIELDS
