// Where τ-bench's files come from without --data-dir: its GitHub repository at the pinned commit (or a mirror of the
// repository root at that commit), each file checked against its pinned SHA-256 and size.
import { mirrorBaseUrl } from "../../datasets/fetch-pinned-file.js";

/** The tau-bench commit the tools, prompts, agent loop and reward were read at, and the data is read from. */
export const TAU_BENCH_COMMIT = "59a200c6d575d595120f1cb70fea53cef0632f6b";

/** The repository root at {@link TAU_BENCH_COMMIT} on raw.githubusercontent.com. */
export const DEFAULT_TAU_BENCH_URL = `https://raw.githubusercontent.com/sierra-research/tau-bench/${TAU_BENCH_COMMIT}`;

/** The environment variable naming a mirror of that root (`<url>/<path>` must serve the same bytes). */
export const TAU_BENCH_URL_ENV = "LLM_BENCH_TAU_BENCH_URL";

export interface TauBenchPin {
  /** SHA-256 (hex) of the file at the commit. */
  readonly sha256: string;
  readonly sizeBytes: number;
}

/** A repository path → its pin. Tests pass their own for synthetic files; runs use {@link TAU_BENCH_PINS}. */
export type TauBenchPins = Readonly<Record<string, TauBenchPin>>;

/**
 * Every file a run reads at {@link TAU_BENCH_COMMIT}: per domain the policy, the test tasks, the tables and one file
 * per tool (its `get_info()` schema).
 */
export const TAU_BENCH_PINS: TauBenchPins = {
  "tau_bench/envs/retail/wiki.md": {
    sha256: "d539fd2a46a8b8dd2e934ff9ed92f43e9f6b56bc7a718db8d2803ba8ad8f6bf7",
    sizeBytes: 5718,
  },
  "tau_bench/envs/retail/tasks_test.py": {
    sha256: "6f09468923c6cfb6162e94fe659264d6aee70816c18d51278fb4a581db7765a4",
    sizeBytes: 169476,
  },
  "tau_bench/envs/retail/data/orders.json": {
    sha256: "2598a12586d28f2d6bd16bc86f4c800029b6af18e0abb5c475ef5c869c11ced1",
    sizeBytes: 1810945,
  },
  "tau_bench/envs/retail/data/products.json": {
    sha256: "a9eabcc1a9742c5f5288c2779acce52b9308423383ed24706bbaf0889f762a0f",
    sizeBytes: 172258,
  },
  "tau_bench/envs/retail/data/users.json": {
    sha256: "6f4fd104cc5e80b92166c4035315c31532c6cea52a90dcdf18425ee7f87c2b82",
    sizeBytes: 322932,
  },
  "tau_bench/envs/retail/tools/calculate.py": {
    sha256: "2c3380802673493843ef6d7f3e569e2aed52265ca0b9f7ac248346828d0c75f7",
    sizeBytes: 1324,
  },
  "tau_bench/envs/retail/tools/cancel_pending_order.py": {
    sha256: "c33151a896b62ac87ed1bcbcbd62dabcd47c8c1eaf47bbb5e2f15f8b6283b19d",
    sizeBytes: 3320,
  },
  "tau_bench/envs/retail/tools/exchange_delivered_order_items.py": {
    sha256: "d547d44b28e97513d4a15714d4bd2bbca13f76827bfe06b71e1b51a742f44489",
    sizeBytes: 5370,
  },
  "tau_bench/envs/retail/tools/find_user_id_by_email.py": {
    sha256: "a289f00eb689146f102d97951d6e7b29c9c639314c203efbfcd888f893d91560",
    sizeBytes: 1132,
  },
  "tau_bench/envs/retail/tools/find_user_id_by_name_zip.py": {
    sha256: "22c176ffc285b25db573e0e38d82d678e2641298c6d1318f69d2582d52eb7433",
    sizeBytes: 2013,
  },
  "tau_bench/envs/retail/tools/get_order_details.py": {
    sha256: "ca6c23cc89c1e981251b9adb1e6d705e364ff942aee986b12335b36e94281056",
    sizeBytes: 1087,
  },
  "tau_bench/envs/retail/tools/get_product_details.py": {
    sha256: "9578fb31b5e092361a5d0e5d4a8e2afe4b8fb4a96d279d031b01266d9b5c768d",
    sizeBytes: 1104,
  },
  "tau_bench/envs/retail/tools/get_user_details.py": {
    sha256: "f22b59126c2a2aaa102f39dea778653a9298d1902477dd5246509d019318e8d3",
    sizeBytes: 1021,
  },
  "tau_bench/envs/retail/tools/list_all_product_types.py": {
    sha256: "63b9f562f893bab36fc6fb91da92978ba9c106f2d6fad88aee3ca20801e4a2e3",
    sizeBytes: 1035,
  },
  "tau_bench/envs/retail/tools/modify_pending_order_address.py": {
    sha256: "8f23d24511078ca10818fac8501db358ad699584952233d696a695e78993d001",
    sizeBytes: 3212,
  },
  "tau_bench/envs/retail/tools/modify_pending_order_items.py": {
    sha256: "f1a39d42e42c162dc961afa7f1b4d29c73c5a3710a3b9dff318a076213b6c858",
    sizeBytes: 5707,
  },
  "tau_bench/envs/retail/tools/modify_pending_order_payment.py": {
    sha256: "6c2d4c329fae0d66d50bd48cb6ae9520167137f8b20d3385fa407aa5b03d2fe5",
    sizeBytes: 4364,
  },
  "tau_bench/envs/retail/tools/modify_user_address.py": {
    sha256: "b1f8ac2141056ccee668824d6ab124ce659ea3574e7b186b39af3f558c07ac61",
    sizeBytes: 2920,
  },
  "tau_bench/envs/retail/tools/return_delivered_order_items.py": {
    sha256: "7d92e8962c17e5fa9c8e3240d21e31fc1adf5e68100c92bb0f67e0a67ea5b7bf",
    sizeBytes: 3632,
  },
  "tau_bench/envs/retail/tools/think.py": {
    sha256: "9d9423922fcdc98578c1d6544f35d28ff155e9a5a172355b662db326ef7eb1fc",
    sizeBytes: 1160,
  },
  "tau_bench/envs/retail/tools/transfer_to_human_agents.py": {
    sha256: "2b6d4685da53f72709b28b60e14e1897947ac366bc7ecee6d2b7c7169a3d95a6",
    sizeBytes: 1200,
  },
  "tau_bench/envs/airline/wiki.md": {
    sha256: "56c335801c16e26b54f600f9db99eb04d31db477e86eb160341d5c66b796c5c8",
    sizeBytes: 6155,
  },
  "tau_bench/envs/airline/tasks_test.py": {
    sha256: "14cdb6b4fe810faac9a0cc8395d3c7b32c883a979d1cde8c8003ae25a93d2ff3",
    sizeBytes: 67250,
  },
  "tau_bench/envs/airline/data/flights.json": {
    sha256: "444d7565c68434a3e3fb72efd717f9f9cd5c56dce227f6f56e078f1cb0ed233a",
    sizeBytes: 2114218,
  },
  "tau_bench/envs/airline/data/reservations.json": {
    sha256: "1cf0bbc58ad984be9de7c24dba6dd27393f94cdbd482d8524f6a54db1f561a8c",
    sizeBytes: 2325594,
  },
  "tau_bench/envs/airline/data/users.json": {
    sha256: "bd264e2a31e0fa35cdfef8987e70a0dd3776828b582fe90e7a44823a12eb4cea",
    sizeBytes: 595947,
  },
  "tau_bench/envs/airline/tools/book_reservation.py": {
    sha256: "927ca66e6bf289d27582c939d7300ee028ed0a237e2592afed160265f9953304",
    sizeBytes: 10282,
  },
  "tau_bench/envs/airline/tools/calculate.py": {
    sha256: "3be497428304817e4dae17222dc9d1d41a27d28bf0abc2a613687a6e890d70fe",
    sizeBytes: 1266,
  },
  "tau_bench/envs/airline/tools/cancel_reservation.py": {
    sha256: "5dd83916f9dce20a4bac6ecf45c2f4555ae28f0981339c7d237d3f98af2e6b98",
    sizeBytes: 1528,
  },
  "tau_bench/envs/airline/tools/get_reservation_details.py": {
    sha256: "3c45957d9489e4226000de99f015c67ca5cc920f867c5a5739edba20cd920b6b",
    sizeBytes: 1082,
  },
  "tau_bench/envs/airline/tools/get_user_details.py": {
    sha256: "50cd80bee1fa2da99852ebd37289964f0b5f34994d9f34104f7d6953216fa7c4",
    sizeBytes: 1028,
  },
  "tau_bench/envs/airline/tools/list_all_airports.py": {
    sha256: "8c6921b793ce6e93bfa18024e40fa1136f8c4e8204f8fa6f0248beaf674651ba",
    sizeBytes: 1633,
  },
  "tau_bench/envs/airline/tools/search_direct_flight.py": {
    sha256: "ca64bab422da436c0ab9e3a77135f786ca934e8cb917d502f0dbab2847716c78",
    sizeBytes: 2014,
  },
  "tau_bench/envs/airline/tools/search_onestop_flight.py": {
    sha256: "205b32a28de70bff29f8846c875964af78c6d6d94685bf79579861b3308efa3d",
    sizeBytes: 3240,
  },
  "tau_bench/envs/airline/tools/send_certificate.py": {
    sha256: "d067a526d0a3579cd4a814fa14d231a62da4854520124ff2af8969f16715a773",
    sizeBytes: 1765,
  },
  "tau_bench/envs/airline/tools/think.py": {
    sha256: "ff2b17409d3d6fade8657e2ada46b0b50e33c6570502cba4ec0202652c51ffa5",
    sizeBytes: 980,
  },
  "tau_bench/envs/airline/tools/transfer_to_human_agents.py": {
    sha256: "d3f105f8a8efc11e8dbb039b12e9e1d86d7c1f1ae16a26bd2bbf41cde2b21db6",
    sizeBytes: 1144,
  },
  "tau_bench/envs/airline/tools/update_reservation_baggages.py": {
    sha256: "5b72dc0fcd0a2ae21bb116ddc0a76dcc5d2fc2c71dec1fae75942f24f5d6eafd",
    sizeBytes: 3268,
  },
  "tau_bench/envs/airline/tools/update_reservation_flights.py": {
    sha256: "58ef41d20d5ba53782dce1bbcbd514aaa6fcb0670980f54070d8263ab9f8b985",
    sizeBytes: 6070,
  },
  "tau_bench/envs/airline/tools/update_reservation_passengers.py": {
    sha256: "6ed46b57dc3c6c487219720a10f116774686046f11868c747493ae9a703d2957",
    sizeBytes: 2712,
  },
};

/** `LLM_BENCH_TAU_BENCH_URL` without trailing slashes, else the pinned GitHub root. A non-http(s) URL is a ConfigError. */
export function tauBenchBaseUrl(env: NodeJS.ProcessEnv): string {
  return mirrorBaseUrl(env, TAU_BENCH_URL_ENV, DEFAULT_TAU_BENCH_URL);
}
