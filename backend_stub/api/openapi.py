"""The API's OpenAPI 3.1 description, built as data from small pieces, served at ``GET /openapi.json``.

The document is assembled from one :class:`Section` per resource (its paths and the schemas they
use) and shared pieces (error responses, headers, the pagination envelope). Values that the code
already defines are read from it, not restated: page size, filter fields and their lookups, order
statuses, product types, the amount ceiling, error types and statuses.

To describe a new endpoint, write a function returning a :class:`Section` built with
:func:`operation`, :func:`ok` and friends (see :func:`refund_section` for a small one), and add
it to :data:`SECTIONS`; then list its requests in ``SCENARIOS`` of ``tests/api/test_openapi.py``,
which fails while a registered API route is not described or a documented status never happens,
and checks every real answer against the description.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from aiohttp import web

from ..domain.articles import ARTICLE_FILTER_FIELDS
from ..domain.checkouts import DECISIONS, URL_FIELDS
from ..domain.filters import LOOKUPS, SEPARATOR, WEEK_DAYS, FieldType
from ..domain.identifiers import MAX_ID_LENGTH
from ..domain.orders import ORDER_FILTER_FIELDS, ORDER_STATUSES
from ..domain.pagination import PAGE_SIZE
from ..domain.values import MAX_AMOUNT, PRODUCT_TYPES
from . import errors as api_errors
from .negotiation import LATEST_VERSION

__all__ = [
    "OPENAPI_PATH",
    "Section",
    "SECTIONS",
    "build_document",
    "ROUTES",
    "operation",
    "ok",
    "no_content",
    "link",
    "ref",
    "path_parameter",
]

OPENAPI_PATH = "/openapi.json"
JSON = "application/json"
XML = "application/xml"
MEDIA_TYPE_HEADER = "X-Service-Media-Type"

Schema = dict
Paths = dict[str, dict[str, dict]]


@dataclass(frozen=True)
class Section:
    """One resource's part of the document: its path items and the component schemas they use."""

    paths: Paths
    schemas: dict[str, Schema] = field(default_factory=dict)


# --- small builders ------------------------------------------------------------------------


def ref(name: str, kind: str = "schemas") -> dict:
    """A reference to a component."""
    return {"$ref": f"#/components/{kind}/{name}"}


def nullable(schema: Schema) -> Schema:
    """The schema, or null (an empty element in XML)."""
    return {"anyOf": [schema, {"type": "null"}]}


def array(items: Schema) -> Schema:
    """An array; in XML a wrapper element holding one ``<list-item>`` per item."""
    return {"type": "array", "items": {**items, "xml": {"name": "list-item"}}, "xml": {"wrapped": True}}


def obj(properties: Mapping[str, Schema], required: Iterable[str] | None = None, **extra: object) -> Schema:
    """A closed object; every property is required unless ``required`` says otherwise."""
    return {
        "type": "object",
        "properties": dict(properties),
        "required": list(properties if required is None else required),
        "additionalProperties": False,
        **extra,
    }


def content(schema: Schema) -> dict:
    """The same data as JSON (the default) or as XML with root element ``<root>``."""
    return {JSON: {"schema": schema}, XML: {"schema": {**schema, "xml": {"name": "root"}}}}


def ok(description: str, schema: Schema, links: Mapping[str, dict] | None = None) -> dict:
    """A successful answer carrying ``schema``; ``links`` name operations its data leads to."""
    answer = {
        "description": description,
        "headers": {MEDIA_TYPE_HEADER: ref("MediaType", "headers")},
        "content": content(schema),
    }
    if links:
        answer["links"] = dict(links)
    return answer


def no_content(description: str, links: Mapping[str, dict] | None = None) -> dict:
    """A 204 without a body. Its Content-Type names the negotiated vendor media type
    (``application/vnd.service.v1+json``), as the document shows."""
    answer = {"description": description, "headers": {MEDIA_TYPE_HEADER: ref("MediaType", "headers")}}
    if links:
        answer["links"] = dict(links)
    return answer


def link(operation_id: str, **parameters: str) -> dict:
    """A link to another operation, its parameters taken from this request or answer
    (``$request.path.order_id``, ``$response.body#/id``)."""
    return {"operationId": operation_id, "parameters": parameters}


def path_parameter(name: str, description: str, example: str | None = None) -> dict:
    """A required path parameter: any non-empty string without ``/``."""
    parameter = {
        "name": name,
        "in": "path",
        "required": True,
        "description": description,
        "schema": {"type": "string", "minLength": 1},
    }
    if example is not None:
        parameter["example"] = example
    return parameter


# Every API operation can answer these: bad key, bad Accept, throttled, failed, maintenance.
ALWAYS = (401, 406, 429, 500, 503)
# Operations that read a JSON body add these.
WITH_BODY = (400, 413, 415)


def operation(
    operation_id: str,
    summary: str,
    *,
    tag: str,
    responses: Mapping[int, dict],
    errors: Iterable[int] = (),
    parameters: Iterable[dict] = (),
    body: Schema | None = None,
    public: bool = False,
    description: str | None = None,
) -> dict:
    """An operation; ``errors`` lists its error statuses beyond those every operation has
    (:data:`ALWAYS`, plus 403 for a public key where the private key is needed)."""
    statuses = set(errors) | set(ALWAYS) | ({403} if not public else set())
    if body is not None:
        statuses |= set(WITH_BODY)
    answers = {str(status): answer for status, answer in responses.items()}
    answers.update({str(status): ref(ERROR_RESPONSES[status][0], "responses") for status in sorted(statuses)})
    result: dict = {
        "operationId": operation_id,
        "summary": summary,
        "tags": [tag],
        "security": [{"publicKey": []}, {"privateKey": []}] if public else [{"privateKey": []}],
        "responses": answers,
    }
    if description:
        result["description"] = description
    if parameters:
        result["parameters"] = list(parameters)
    if body is not None:
        result["requestBody"] = {"required": True, "content": {JSON: {"schema": body}}}
    return result


# --- errors ----------------------------------------------------------------------------------

# status -> (component name, error class (or the type of an error made outside errors.py),
# description, headers it carries besides X-Service-Media-Type)
ERROR_RESPONSES: dict[int, tuple[str, type[api_errors.APIError] | str, str, tuple[str, ...]]] = {
    400: ("BadRequest", api_errors.ValidationFailed, "Validation failed; `fields` names each bad field.", ()),
    401: ("Unauthorized", api_errors.Unauthorized, "The key is missing, malformed or unknown.", ()),
    403: (
        "Forbidden",
        api_errors.Forbidden,
        "A public key where the private key is needed; for the button check, not available.",
        (),
    ),
    404: (
        "NotFound",
        api_errors.NotFound,
        "No such object for this merchant (another merchant's objects are not found either),"
        " or a page that does not exist.",
        (),
    ),
    405: (
        "MethodNotAllowed",
        api_errors.MethodNotAllowed,
        "Any method not described for a path.",
        ("Allow",),
    ),
    406: (
        "NotAcceptable",
        api_errors.NotAcceptable,
        "The Accept header (or path version) is not supported.",
        (),
    ),
    408: ("RequestTimeout", api_errors.RequestTimeout, "Only from sandbox faults.", ()),
    409: (
        "Conflict",
        api_errors.Conflict,
        "The order is not in a state that allows this (not confirmed).",
        (),
    ),
    413: ("PayloadTooLarge", "RequestEntityTooLargeException", "The request body is above 1 MiB.", ()),
    415: (
        "UnsupportedMediaType",
        api_errors.UnsupportedMediaType,
        "The body is not sent as application/json.",
        (),
    ),
    429: (
        "TooManyRequests",
        api_errors.Throttled,
        "Too many simultaneous requests with this key.",
        ("Retry-After",),
    ),
    500: ("InternalServerError", api_errors.InternalServerError, "The server failed; retry later.", ()),
    503: (
        "ServiceUnavailable",
        api_errors.ServiceUnavailable,
        "Offline for maintenance; retry after `Retry-After` seconds.",
        ("Retry-After",),
    ),
}


def _error_response(status: int) -> dict:
    _name, kind, description, extra_headers = ERROR_RESPONSES[status]
    error_type = kind if isinstance(kind, str) else kind.type
    schema = {
        "allOf": [ref("Error")],
        "properties": {"error": {"properties": {"type": {"const": error_type}}}},
    }
    if status == 400:
        schema["properties"]["error"]["required"] = ["fields"]
    headers = {MEDIA_TYPE_HEADER: ref("MediaType", "headers")}
    headers.update({name: ref(name.replace("-", ""), "headers") for name in extra_headers})
    return {"description": f"`{error_type}`: {description}", "headers": headers, "content": content(schema)}


def _error_schema() -> Schema:
    fields = {
        "type": "object",
        "description": "Field path (`amount`, `[1].url`, `id-startswith`) to its messages;"
        " a required field reports 'This field is required.'",
        "additionalProperties": array({"type": "string"}),
        "minProperties": 1,
    }
    body = obj(
        {"type": {"type": "string"}, "message": {"type": "string"}, "fields": fields},
        required=["type", "message"],
    )
    return obj({"error": body})


HEADERS = {
    "MediaType": {
        "description": "The version and mode the answer is in.",
        "required": True,
        "schema": {
            "type": "string",
            "enum": [f"service.v{LATEST_VERSION}", f"service.sandbox.v{LATEST_VERSION}"],
        },
    },
    "RetryAfter": {
        "description": "Seconds to wait before retrying.",
        "required": True,
        "schema": {"type": "integer", "minimum": 0},
    },
    "Allow": {
        "description": "The methods the path answers, comma-separated.",
        "required": True,
        "schema": {"type": "string"},
    },
}

# --- shared schemas --------------------------------------------------------------------------

AMOUNT = {
    "type": "integer",
    "minimum": 1,
    "maximum": MAX_AMOUNT,
    "description": "Minor units: 12.50 is 1250.",
}
BALANCE = {"type": "integer", "minimum": 0, "description": "Minor units."}
TIMESTAMP = {
    "type": "string",
    "format": "date-time",
    "description": "ISO 8601, fractional seconds, UTC offset.",
}


def page_schema(item: Schema) -> Schema:
    """The pagination envelope around ``item``s (``cursor.after`` is the next page, as the
    document's example shows)."""
    page_url = nullable({"type": "string", "format": "uri"})
    return obj(
        {
            "cursor": obj(
                {
                    "after": nullable({"type": "integer", "minimum": 2}),
                    "before": nullable({"type": "integer", "minimum": 1}),
                }
            ),
            "paging": obj(
                {"count": {"type": "integer", "minimum": 0}, "next": page_url, "previous": page_url}
            ),
            "results": {**array(item), "maxItems": PAGE_SIZE},
        },
        description=f"One page of at most {PAGE_SIZE} items.",
    )


def page_parameter() -> dict:
    """``page``: numbered from 1; a page past the last (or not a positive integer) is a 404."""
    return {
        "name": "page",
        "in": "query",
        "description": "Page number, from 1. A page past the last, or not a positive integer, is a 404.",
        "schema": {"type": "integer", "minimum": 1},
    }


_VALUE_HELP = {
    FieldType.TEXT: "Text; `in` takes a comma-separated list, `regex`/`iregex` an RE2 regular"
    " expression (Python's syntax without backreferences or look-around), `search` words matched"
    " as whole words, case-insensitively.",
    FieldType.NUMBER: "An integer (amounts in minor units); `in` takes a comma-separated list.",
    FieldType.DATE: "An ISO 8601 timestamp (compared in UTC); `year`, `month`, `day`, `hour` take"
    " integers, `week_day` an English day name (" + ", ".join(WEEK_DAYS) + ").",
}


def filters_parameter(fields: Mapping[str, FieldType]) -> dict:
    """The filters of a list, as one exploded object: each property is a query parameter
    ``<field>-<lookup>=<value>`` (no lookup means ``exact``), from the list's own field table."""
    patterns: dict[str, Schema] = {}
    for field_type in FieldType:
        names = [name for name, kind in fields.items() if kind is field_type]
        if names:
            lookups = "|".join(LOOKUPS[field_type])
            pattern = f"^({'|'.join(names)})({SEPARATOR}({lookups}))?$"
            patterns[pattern] = {"type": "string", "description": _VALUE_HELP[field_type]}
    listed = ", ".join(f"`{name}` ({kind.value})" for name, kind in fields.items())
    return {
        "name": "filters",
        "in": "query",
        "style": "form",
        "explode": True,
        "description": f"Filters `<field>-<lookup>=<value>`, combined with AND, on {listed}."
        " `isnull` takes `yes`/`no` on every field. An unknown field or lookup, or a value the"
        " lookup cannot read, is a 400 naming the parameter.",
        "schema": {"type": "object", "patternProperties": patterns, "additionalProperties": False},
    }


def _refund_schema() -> Schema:
    return obj(
        {
            "id": {"type": "string"},
            "amount": AMOUNT,
            "pending_amount": {**BALANCE, "description": "What stays refundable after this refund."},
            "accrual_date": {"type": "string", "format": "date"},
            "credit_to_customer": BALANCE,
            "completed": {"type": "boolean", "description": "This refund completed (canceled) the order."},
            "completed_but_defaults": {"type": "boolean"},
            "created": TIMESTAMP,
        }
    )


# --- sections, one per resource ----------------------------------------------------------------

ORDER_ID = path_parameter("order_id", "The merchant's order id.", example="fixture-order-1")
CAPTURE_ID = path_parameter("capture_id", "A capture of the order.")
CAMPAIGN_ID = path_parameter("campaign_id", "The campaign; it exists once articles are posted to it.")


def orders_section() -> Section:
    """``GET /orders``."""
    order = obj(
        {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "currency": {"type": "string", "pattern": "^[A-Z]{3}$"},
            "total_amount": AMOUNT,
            "status": {"type": "string", "enum": list(ORDER_STATUSES)},
            "created": TIMESTAMP,
            "confirmed": nullable(TIMESTAMP),
        }
    )
    list_orders = operation(
        "listOrders",
        "The merchant's orders, newest first",
        tag="orders",
        parameters=[page_parameter(), filters_parameter(ORDER_FILTER_FIELDS)],
        responses={200: ok("A page of orders.", ref("OrderPage"))},
        errors=(400, 404),
    )
    return Section(
        {"/orders": {"get": list_orders}}, {"Order": order, "OrderPage": page_schema(ref("Order"))}
    )


def refund_section() -> Section:
    """``GET``/``POST /orders/{order_id}/refund``."""
    status = obj(
        {
            "remaining_amount": {**BALANCE, "description": "What stays refundable of the order."},
            "results": {**array(ref("Refund")), "description": "The order's refunds, newest first."},
        }
    )
    answer = ok(
        "The order's refund status.",
        ref("RefundStatus"),
        links={"OrderRefunds": link("getOrderRefunds", order_id="$request.path.order_id")},
    )
    show = operation(
        "getOrderRefunds",
        "What stays refundable of an order, and its refunds",
        tag="refunds",
        parameters=[ORDER_ID],
        responses={200: answer},
        errors=(404,),
    )
    refund = operation(
        "refundOrder",
        "Refund part or all of a confirmed order",
        tag="refunds",
        description="Refunding the whole total cancels the order. Above what stays refundable: 400 on"
        " `amount`; an order that is not confirmed: 409.",
        parameters=[ORDER_ID],
        body=ref("AmountRequest"),
        responses={200: answer},
        errors=(404, 409),
    )
    schemas = {
        "RefundStatus": status,
        "Refund": _refund_schema(),
        "AmountRequest": {**obj({"amount": AMOUNT}), "additionalProperties": True},
    }
    return Section({"/orders/{order_id}/refund": {"get": show, "post": refund}}, schemas)


def captures_section() -> Section:
    """Captures (sandbox extension) and capture refunds."""
    capture = obj(
        {
            "id": {"type": "string"},
            "amount": AMOUNT,
            "created": TIMESTAMP,
            "refunds": {**array(ref("Refund")), "description": "Newest first; empty when none."},
            "refunded_amount": BALANCE,
            "remaining_amount": {**BALANCE, "description": "The amount minus what was refunded of it."},
        }
    )
    this_capture = {"order_id": "$request.path.order_id", "capture_id": "$response.body#/id"}
    capture_links = {
        "CaptureRefunds": link("getCaptureRefunds", **this_capture),
        "RefundCapture": link("refundCapture", **this_capture),
    }
    answer = ok("The capture with its refunds.", ref("Capture"), links=capture_links)
    list_captures = operation(
        "listCaptures",
        "The order's captures, newest first (sandbox extension)",
        tag="captures",
        description="The list takes no filters: any query parameter but `page` is a 400.",
        parameters=[ORDER_ID, page_parameter()],
        responses={200: ok("A page of captures.", ref("CapturePage"))},
        errors=(400, 404),
    )
    create = operation(
        "createCapture",
        "Capture part of a confirmed order (sandbox extension)",
        tag="captures",
        description="The captures of an order never add up to more than its total (400 on `amount`).",
        parameters=[ORDER_ID],
        body=ref("AmountRequest"),
        responses={201: ok("The new capture.", ref("Capture"), links=capture_links)},
        errors=(404, 409),
    )
    show = operation(
        "getCaptureRefunds",
        "A capture with its refunds",
        tag="captures",
        parameters=[ORDER_ID, CAPTURE_ID],
        responses={200: answer},
        errors=(404,),
    )
    refund = operation(
        "refundCapture",
        "Refund part or all of a capture",
        tag="captures",
        description="Within both the capture's amount and the order's total (400 on `amount`);"
        " the refund that completes the order cancels it.",
        parameters=[ORDER_ID, CAPTURE_ID],
        body=ref("AmountRequest"),
        responses={200: answer},
        errors=(404, 409),
    )
    paths = {
        "/orders/{order_id}/captures": {"get": list_captures, "post": create},
        "/orders/{order_id}/captures/{capture_id}/refunds": {"get": show, "post": refund},
    }
    return Section(paths, {"Capture": capture, "CapturePage": page_schema(ref("Capture"))})


def articles_section() -> Section:
    """Campaign articles."""
    identifier = {
        "type": "string",
        "minLength": 1,
        "maxLength": MAX_ID_LENGTH,
        "pattern": "^[^/\\u0000-\\u001f\\u007f]+$",
        "description": "Printable, without `/`.",
    }
    url = {"type": "string", "format": "uri", "pattern": "^https?://", "maxLength": 2048}
    article = obj(
        {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "description": nullable({"type": "string"}),
            "url": {"type": "string", "format": "uri"},
            "image_url": nullable({"type": "string", "format": "uri"}),
        }
    )
    article_input = obj(
        {
            "id": identifier,
            "name": {"type": "string", "minLength": 1, "maxLength": 1000},
            "description": nullable({"type": "string", "maxLength": 10000}),
            "url": url,
            "image_url": {
                "anyOf": [url, {"const": ""}, {"type": "null"}],
                "description": "Empty or null: none.",
            },
        },
        required=["id", "name", "url"],
    )
    article_id = path_parameter("article_id", "The article.")
    this_campaign = "$request.path.campaign_id"
    campaign_links = {
        "CampaignArticles": link("listArticles", campaign_id=this_campaign),
        "DeleteArticles": link("deleteArticles", campaign_id=this_campaign),
        "DeleteFirstArticle": link(
            "deleteArticle", campaign_id=this_campaign, article_id="$request.body#/0/id"
        ),
    }
    post = operation(
        "addArticles",
        "Add articles to a campaign (an id posted again is updated)",
        tag="articles",
        description="Errors name each field by its path in the array, such as `[1].url`.",
        parameters=[CAMPAIGN_ID],
        body={"type": "array", "items": ref("ArticleInput")},
        responses={204: no_content("Added.", links=campaign_links)},
    )
    list_articles = operation(
        "listArticles",
        "The campaign's articles, in the order first posted",
        tag="articles",
        parameters=[CAMPAIGN_ID, page_parameter(), filters_parameter(ARTICLE_FILTER_FIELDS)],
        responses={200: ok("A page of articles.", ref("ArticlePage"))},
        errors=(400, 404),
    )
    delete_all = operation(
        "deleteArticles",
        "Remove every article of the campaign",
        tag="articles",
        parameters=[CAMPAIGN_ID],
        responses={204: no_content("Removed.")},
        errors=(404,),
    )
    delete_one = operation(
        "deleteArticle",
        "Remove one article",
        tag="articles",
        parameters=[CAMPAIGN_ID, article_id],
        responses={204: no_content("Removed.")},
        errors=(404,),
    )
    paths = {
        "/me/campaigns/{campaign_id}/articles": {"post": post, "get": list_articles, "delete": delete_all},
        "/me/campaigns/{campaign_id}/articles/{article_id}": {"delete": delete_one},
    }
    schemas = {"Article": article, "ArticleInput": article_input, "ArticlePage": page_schema(ref("Article"))}
    return Section(paths, schemas)


def button_section() -> Section:
    """``GET /checkout/button``."""
    parameters = [
        {
            "name": "amount",
            "in": "query",
            "required": True,
            "description": "Amount to finance, minor units.",
            "schema": {"type": "integer", "minimum": 0, "maximum": MAX_AMOUNT},
        },
        {
            "name": "currency",
            "in": "query",
            "required": True,
            "description": "ISO 4217 code.",
            "schema": {"type": "string", "pattern": "^[A-Z]{3}$"},
        },
        {
            "name": "product[type]",
            "in": "query",
            "description": "Absent means instalments.",
            "schema": {"type": "string", "enum": list(PRODUCT_TYPES)},
        },
    ]
    check = operation(
        "checkButton",
        "Is the product available for this amount?",
        tag="checkout",
        description="201 when the merchant's limits for the product and currency contain the amount,"
        " 403 otherwise.",
        parameters=parameters,
        public=True,
        responses={201: ok("Available.", {"type": "object", "maxProperties": 0})},
        errors=(400, 403),
    )
    return Section({"/checkout/button": {"get": check}})


def checkouts_section() -> Section:
    """``POST /checkout`` and ``GET /checkout/{checkout_id}`` (sandbox extension for the SDK)."""
    http_url = {"type": "string", "format": "uri", "pattern": "^[hH][tT][tT][pP][sS]?://", "maxLength": 2048}
    urls_in = obj({name: nullable(http_url) for name in URL_FIELDS})
    urls_out = obj({name: nullable({"type": "string", "format": "uri"}) for name in URL_FIELDS})
    article_in = obj(
        {
            "name": {"type": "string", "minLength": 1, "maxLength": 500},
            "quantity": {"type": "integer", "minimum": 1, "maximum": 10_000, "default": 1},
            "unit_price": nullable({"type": "integer", "minimum": 0, "maximum": MAX_AMOUNT}),
        },
        required=["name"],
    )
    product = obj({"type": {"type": "string", "enum": list(PRODUCT_TYPES)}})
    new_checkout = obj(
        {
            "merchant": urls_in,
            "order": obj(
                {
                    "id": {"type": "string", "minLength": 1, "maxLength": MAX_ID_LENGTH},
                    "name": {"type": "string", "maxLength": 500},
                    "currency": {"type": "string", "pattern": "^[A-Z]{3}$"},
                    "total_amount": {"type": "integer", "minimum": 1, "maximum": MAX_AMOUNT},
                    "articles": array(article_in),
                },
                required=["id", "currency", "total_amount"],
            ),
            "product": product,
        },
        required=["order"],
    )
    checkout = obj(
        {
            "id": {"type": "string", "pattern": "^chk_[A-Za-z0-9_-]+$"},
            "status": {"type": "string", "enum": ["created", *DECISIONS, "expired"]},
            "order": obj(
                {
                    "id": {"type": "string"},
                    "name": {"type": "string"},
                    "currency": {"type": "string"},
                    "total_amount": AMOUNT,
                    "articles": array(
                        obj(
                            {
                                "name": {"type": "string"},
                                "quantity": {"type": "integer"},
                                "unit_price": nullable({"type": "integer"}),
                            }
                        )
                    ),
                }
            ),
            "product": product,
            "merchant": urls_out,
            "created": TIMESTAMP,
            "expires": TIMESTAMP,
            "decided": nullable(TIMESTAMP),
        }
    )
    create = operation(
        "createCheckout",
        "Open a checkout for an order; the browser SDK shows it with service.checkout(id)",
        tag="checkout",
        description="The order is made when the shopper decides the checkout (approve: confirmed, pending:"
        " pending, deny: denied). The order id must be new for the merchant (409 otherwise); the"
        " amount must be within the product's limits; merchant URLs must be absolute http(s).",
        body=ref("NewCheckout"),
        responses={201: ok("Created.", ref("Checkout"))},
        errors=(409,),
    )
    show = operation(
        "getCheckout",
        "A checkout, with its status and the merchant's URLs",
        tag="checkout",
        description="An undecided checkout expires 60 minutes after it was created.",
        parameters=[path_parameter("checkout_id", "The id POST /checkout returned.")],
        public=True,
        responses={200: ok("The checkout.", ref("Checkout"))},
        errors=(404,),
    )
    return Section(
        {"/checkout": {"post": create}, "/checkout/{checkout_id}": {"get": show}},
        {"NewCheckout": new_checkout, "Checkout": checkout},
    )


# Every resource of the API; a new one is a function returning its Section, listed here.
SECTIONS = [
    orders_section,
    refund_section,
    captures_section,
    articles_section,
    button_section,
    checkouts_section,
]

# --- the document ------------------------------------------------------------------------------

DESCRIPTION = f"""\
The sandbox of the financing service: refunds, captures, campaign articles, lists and the
button availability check.

**Keys.** `Authorization: Bearer <key>` on every request. The private key (`sk_...`) can do
everything; the public key (`pk_...`) only checks button availability, elsewhere it gets 403.
Another merchant's objects answer 404.

**Versions and formats.** `Accept: application/vnd.service.v{LATEST_VERSION}+json` or
`application/vnd.service.v{LATEST_VERSION}+xml`; the sandbox forms
`application/vnd.service.sandbox.v{LATEST_VERSION}+json` / `+xml` answer with
`X-Service-Media-Type: service.sandbox.v{LATEST_VERSION}`. `application/json`, `*/*` or no Accept
mean the latest version in JSON; anything else, or an unknown version, is a 406. Every path also
answers under `/v{LATEST_VERSION}` (the second server). JSON answers are
`application/json; charset=utf-8`; XML answers carry the same data under `<root>`, one element
per field, list items as `<list-item>`, booleans `true`/`false`, null as an empty element, and a
field name that is not an XML name as `<field name="...">`.

**Errors.** `{{"error": {{"type", "message", "fields"?}}}}`, in the negotiated format. Any method
not described for a path is a 405 with `Allow` (see `components/responses/MethodNotAllowed`).
Request bodies are JSON (else 415); malformed JSON is a 400 on `body`. Sandbox faults
(`/_sandbox/faults`) may answer any error status in this format on any path.

**Lists.** Pages of {PAGE_SIZE}, the envelope `cursor` / `paging` / `results`; filters
`<field>-<lookup>=<value>` (Django lookups; the `i` prefix means case-insensitive).

CORS: preflights from any origin are answered; the `Authorization` header is allowed.
"""


@functools.cache
def build_document() -> dict:
    """The whole OpenAPI 3.1 document."""
    paths: Paths = {}
    schemas: dict[str, Schema] = {"Error": _error_schema()}
    for section in (make() for make in SECTIONS):
        for path, item in section.paths.items():
            paths.setdefault(path, {}).update(item)
        schemas.update(section.schemas)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Financing service (sandbox)",
            "version": str(LATEST_VERSION),
            "description": DESCRIPTION,
        },
        "servers": [
            {"url": "/", "description": "Latest version (or the version the Accept header names)"},
            {"url": f"/v{LATEST_VERSION}", "description": f"Version {LATEST_VERSION} by path"},
        ],
        "tags": [{"name": name} for name in ("orders", "refunds", "captures", "articles", "checkout")],
        "security": [{"privateKey": []}],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "responses": {name: _error_response(status) for status, (name, *_) in ERROR_RESPONSES.items()},
            "headers": HEADERS,
            "securitySchemes": {
                "privateKey": {"type": "http", "scheme": "bearer", "description": "The private key, sk_..."},
                "publicKey": {"type": "http", "scheme": "bearer", "description": "The public key, pk_..."},
            },
        },
    }


@functools.cache
def _document_bytes() -> bytes:
    return json.dumps(build_document(), indent=1).encode()


async def openapi_document(_request: web.Request) -> web.Response:
    """The OpenAPI document (no key needed)."""
    return web.Response(body=_document_bytes(), content_type=JSON, charset="utf-8")


ROUTES = [web.get(OPENAPI_PATH, openapi_document)]
