// Converts an OpenAPI document into a Postman collection with openapi-to-postmanv2, as Postman's
// import does, and prints what a user would see: whether it converted, every message the
// converter logged on the way, and the collection's base URL.
// Usage: node postman_convert.cjs <openapi.json> <convert | convertV2>
"use strict";
const fs = require("fs");
const Converter = require("openapi-to-postmanv2");

const [file, entry] = process.argv.slice(2);
const messages = [];
for (const level of ["log", "info", "warn", "error"]) {
  console[level] = (...parts) => messages.push(parts.map(String).join(" "));
}
Converter[entry]({ type: "string", data: fs.readFileSync(file, "utf8") }, {}, (error, result) => {
  const collection = result && result.result ? result.output[0].data : null;
  const variables = collection ? collection.variable || [] : [];
  const baseUrl = variables.find((variable) => variable.key === "baseUrl");
  process.stdout.write(
    JSON.stringify({
      converted: Boolean(result && result.result),
      reason: error ? String(error) : result && result.reason,
      messages,
      baseUrl: baseUrl ? baseUrl.value : null,
    }),
  );
});
