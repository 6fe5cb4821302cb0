import { describe, expect, it } from "vitest";
import { redactUrl, urlSecrets } from "./url-secrets.js";

describe("redactUrl", () => {
  it("replaces the password of the user info, or a token used as the user name", () => {
    expect(redactUrl("http://user:sk-SECRET@host:8000/v1")).toBe("http://user:***@host:8000/v1");
    expect(redactUrl("https://sk-SECRET@host/v1")).toBe("https://***@host/v1");
    expect(redactUrl("http://user:p@ss@host/v1")).toBe("http://user:***@host/v1");
  });

  it("replaces the values of key-carrying query parameters and keeps the others", () => {
    expect(redactUrl("https://host/v1?api_key=sk-SECRET&api-version=2024-01-01")).toBe(
      "https://host/v1?api_key=***&api-version=2024-01-01",
    );
    expect(redactUrl("https://host/v1?key=AIza123#part")).toBe("https://host/v1?key=***#part");
    expect(redactUrl("https://host/v1?Access_Token=x&sig=y&model=m")).toBe(
      "https://host/v1?Access_Token=***&sig=***&model=m",
    );
    expect(redactUrl("?api_key=sk-SECRET")).toBe("?api_key=***");
  });

  it("leaves text without keys exactly as it was", () => {
    for (const text of ["http://localhost:8000/v1", "http://h/v1/?x=1&&y", "./results", "key=value", ""]) {
      expect(redactUrl(text)).toBe(text);
    }
  });
});

describe("urlSecrets", () => {
  it("finds each key as written and decoded", () => {
    expect(urlSecrets("http://user:a%2Fb@host/v1?api_key=k%20y&x=1")).toEqual([
      "a%2Fb",
      "a/b",
      "k%20y",
      "k y",
    ]);
    expect(urlSecrets("http://TOKEN@host/v1")).toEqual(["TOKEN"]);
    expect(urlSecrets("http://localhost:8000/v1")).toEqual([]);
  });
});
