// The official evaluation images: SWE-bench's Docker Hub names, a SWE-bench Pro row's own image.
import { describe, expect, it } from "vitest";
import { officialImage } from "./official-image.js";

describe("officialImage", () => {
  it("names SWE-bench's per-instance image, lower-cased, with __ as _1776_", () => {
    expect(officialImage({ instanceId: "astropy__astropy-12907" })).toBe(
      "swebench/sweb.eval.x86_64.astropy_1776_astropy-12907:latest",
    );
    expect(officialImage({ instanceId: "Django__Django-11099" })).toBe(
      "swebench/sweb.eval.x86_64.django_1776_django-11099:latest",
    );
  });

  it("takes a SWE-bench Pro row's image as it is", () => {
    const image = "jefzda/sweap-images:ansible.ansible-ansible__ansible-395e5e20";
    expect(officialImage({ instanceId: "instance_ansible__ansible-395e5e20", image })).toBe(image);
  });
});
