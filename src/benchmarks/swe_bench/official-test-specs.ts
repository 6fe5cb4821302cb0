// How SWE-bench's official evaluation runs one instance's tests, per repository and version: the test command, the
// install command its eval script runs again before the tests, and the environment commands it runs first. Facts of
// `MAP_REPO_VERSION_TO_SPECS_PY` (`test_cmd`, `install`, `eval_commands`) for the twelve repositories of SWE-bench
// and SWE-bench Verified, from SWE-bench/SWE-bench swebench/harness/constants/python.py
// @726c5461e2ef52d83cf1ea2107870a8bb3328d57 (v4.1.0).

export interface OfficialTestSpec {
  /** The command the test directives are appended to. */
  readonly testCommand: string;
  /** Run again before the tests (the image already ran it once). */
  readonly install: string;
  /** Run first, in the tests' shell (django's locale). */
  readonly evalCommands: readonly string[];
}

// Note: constants/python.py assigns TEST_PYTEST twice; the specs are built after its second value, "pytest -rA".
const PYTEST = "pytest -rA";
const ASTROPY_PYTEST = "pytest -rA -vv -o console_output_style=classic --tb=no";
const DJANGO = "./tests/runtests.py --verbosity 2 --settings=test_sqlite --parallel 1";
const DJANGO_NO_PARALLEL = "./tests/runtests.py --verbosity 2";
const SEABORN = "pytest --no-header -rA";
const SPHINX = "tox --current-env -epy39 -v --";
const SYMPY = "PYTHONWARNINGS='ignore::UserWarning,ignore::SyntaxWarning' bin/test -C --verbose";

const DJANGO_LOCALE_OLD = [
  "export LANG=en_US.UTF-8",
  "export LC_ALL=en_US.UTF-8",
  "export PYTHONIOENCODING=utf8",
  "export LANGUAGE=en_US:en",
];
const DJANGO_LOCALE_3 = [
  "sed -i '/en_US.UTF-8/s/^# //g' /etc/locale.gen && locale-gen",
  "export LANG=en_US.UTF-8",
  "export LANGUAGE=en_US:en",
  "export LC_ALL=en_US.UTF-8",
];

/** One group of versions sharing a spec. */
interface VersionGroup {
  readonly versions: readonly string[];
  readonly testCommand: string;
  readonly install: string;
  readonly evalCommands?: readonly string[];
}

const SPECS_BY_REPO: Readonly<Record<string, readonly VersionGroup[]>> = {
  "astropy/astropy": [
    {
      versions: ["3.0", "3.1", "3.2", "4.1", "4.2", "4.3", "5.0", "5.1", "5.2", "v5.3"],
      testCommand: PYTEST,
      install: "python -m pip install -e .[test] --verbose",
    },
    {
      versions: ["0.1", "0.2", "0.3", "0.4", "1.1", "1.2", "1.3"],
      testCommand: ASTROPY_PYTEST,
      install: "python -m pip install -e .[test] --verbose",
    },
  ],
  "django/django": [
    {
      versions: ["1.7", "1.8", "1.10", "1.11", "2.0", "2.1", "2.2"],
      testCommand: DJANGO,
      install: "python setup.py install",
      evalCommands: DJANGO_LOCALE_OLD,
    },
    {
      versions: ["1.9"],
      testCommand: DJANGO_NO_PARALLEL,
      install: "python setup.py install",
      evalCommands: DJANGO_LOCALE_OLD,
    },
    { versions: ["1.4", "1.5", "1.6"], testCommand: DJANGO, install: "python setup.py install" },
    {
      versions: ["3.0", "3.1", "3.2"],
      testCommand: DJANGO,
      install: "python -m pip install -e .",
      evalCommands: DJANGO_LOCALE_3,
    },
    {
      versions: ["4.0", "4.1", "4.2", "5.0", "5.1", "5.2"],
      testCommand: DJANGO,
      install: "python -m pip install -e .",
    },
  ],
  "matplotlib/matplotlib": [
    {
      versions: ["3.0", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7"],
      testCommand: PYTEST,
      install: "python -m pip install -e .",
    },
    {
      versions: ["3.8", "3.9"],
      testCommand: PYTEST,
      install: 'python -m pip install --no-build-isolation -e ".[dev]"',
    },
    {
      versions: ["1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "2.0", "2.1", "2.2"],
      testCommand: PYTEST,
      install: "python setup.py build; python setup.py install",
    },
  ],
  "mwaskom/seaborn": [
    { versions: ["0.11"], testCommand: SEABORN, install: "python -m pip install -e ." },
    { versions: ["0.12", "0.13", "0.14"], testCommand: SEABORN, install: "python -m pip install -e .[dev]" },
  ],
  "pallets/flask": [
    {
      versions: ["2.0", "2.1", "2.2", "2.3", "3.0", "3.1"],
      testCommand: PYTEST,
      install: "python -m pip install -e .",
    },
  ],
  "psf/requests": [
    {
      versions: [
        ...[
          "0.7",
          "0.8",
          "0.9",
          "0.11",
          "0.13",
          "0.14",
          "1.1",
          "1.2",
          "2.0",
          "2.2",
          "2.3",
          "2.4",
          "2.5",
          "2.7",
        ],
        ...[
          "2.8",
          "2.9",
          "2.10",
          "2.11",
          "2.12",
          "2.17",
          "2.18",
          "2.19",
          "2.22",
          "2.25",
          "2.26",
          "2.27",
          "2.31",
          "3.0",
        ],
      ],
      testCommand: PYTEST,
      install: "python -m pip install .",
    },
  ],
  "pydata/xarray": [
    {
      versions: ["0.12", "0.18", "0.19", "0.20", "2022.03", "2022.06", "2022.09", "2023.07", "2024.05"],
      testCommand: PYTEST,
      install: "python -m pip install -e .",
    },
  ],
  "pylint-dev/pylint": [
    {
      versions: [
        ...["2.8", "2.9", "2.10", "2.11", "2.13", "2.14", "2.15", "2.16", "2.17"],
        ...["3.0", "3.1", "3.2", "3.3", "4.0"],
      ],
      testCommand: PYTEST,
      install: "python -m pip install -e .",
    },
  ],
  "pytest-dev/pytest": [
    {
      versions: [
        ...["4.4", "4.5", "4.6", "5.0", "5.1", "5.2", "5.3", "5.4", "6.0", "6.2", "6.3"],
        ...["7.0", "7.1", "7.2", "7.4", "8.0", "8.1", "8.2", "8.3", "8.4"],
      ],
      testCommand: PYTEST,
      install: "python -m pip install -e .",
    },
  ],
  "scikit-learn/scikit-learn": [
    {
      versions: ["0.20", "0.21", "0.22", "1.3", "1.4", "1.5", "1.6"],
      testCommand: PYTEST,
      install: "python -m pip install -v --no-use-pep517 --no-build-isolation -e .",
    },
  ],
  "sphinx-doc/sphinx": [
    {
      versions: [
        ...[
          "1.5",
          "1.6",
          "1.7",
          "1.8",
          "2.0",
          "2.1",
          "2.2",
          "2.3",
          "2.4",
          "3.0",
          "3.1",
          "3.2",
          "3.3",
          "3.4",
          "3.5",
        ],
        ...["4.0", "4.1", "4.2", "4.3", "4.4", "4.5", "5.0", "5.1", "5.2", "5.3", "6.0", "6.2"],
        ...["7.0", "7.1", "7.2", "7.3", "7.4", "8.0", "8.1"],
      ],
      testCommand: SPHINX,
      install: "python -m pip install -e .[test]",
    },
  ],
  "sympy/sympy": [
    {
      versions: [
        ...["0.7", "1.0", "1.1", "1.2", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9"],
        ...["1.10", "1.11", "1.12", "1.13", "1.14"],
      ],
      testCommand: SYMPY,
      install: "python -m pip install -e .",
    },
  ],
};

/** The repositories the official flow knows. */
export const OFFICIAL_REPOSITORIES: readonly string[] = Object.keys(SPECS_BY_REPO);

/** The spec of `repo` at `version`; undefined when SWE-bench has none for it (the message lists what exists). */
export function officialTestSpec(repo: string, version: string): OfficialTestSpec | undefined {
  const group = SPECS_BY_REPO[repo]?.find((candidate) => candidate.versions.includes(version));
  if (group === undefined) return undefined;
  return { testCommand: group.testCommand, install: group.install, evalCommands: group.evalCommands ?? [] };
}

/** The versions known for `repo` (empty for an unknown repository), for error messages. */
export function officialVersions(repo: string): string[] {
  return (SPECS_BY_REPO[repo] ?? []).flatMap((group) => group.versions);
}
