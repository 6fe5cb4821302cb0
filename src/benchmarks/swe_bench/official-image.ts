// The evaluation image of an instance with `--swe-images official`: SWE-bench's prebuilt per-instance image on Docker
// Hub, or the image a SWE-bench Pro row names. SWE-bench's `instance_image_key` with its default namespace
// "swebench" and arch x86_64: `swebench/sweb.eval.x86_64.<instance id, lower-cased>:latest`, every "__" written as
// "_1776_" because Docker Hub refuses double underscores (SWE-bench/SWE-bench
// swebench/harness/test_spec/test_spec.py@726c5461e2ef52d83cf1ea2107870a8bb3328d57, unchanged in
// swebench/image_builder/image_spec.py@7a21e05772954cc81471ae19d56f436cecf43c54).

export function officialImage(instance: { readonly instanceId: string; readonly image?: string }): string {
  if (instance.image !== undefined && instance.image !== "") return instance.image;
  return `swebench/sweb.eval.x86_64.${instance.instanceId.toLowerCase()}:latest`.replaceAll("__", "_1776_");
}
