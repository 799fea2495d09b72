// swift-tools-version:6.0
import PackageDescription

/// SkillNLU: Alexa interaction models understood on device.
///
/// One target per concept: `InteractionModel` imports and validates the skill JSON,
/// `BuiltInValues` reads numbers, dates and times, `Understanding` is the contract between a
/// dialog and whatever understands it (results, context, feedback), `SkillNLU` loads and runs
/// the language understanding, `SkillNLUTraining` trains and inspects models, `SkillDialog`
/// answers through an ASK-SDK-style handler chain without linking the engine, and the
/// executables are thin shells over them.
let blasDependency: [Target.Dependency] = [
    .target(name: "CBLAS", condition: .when(platforms: [.linux, .android, .windows, .openbsd]))
]

let package = Package(
    name: "SkillNLU",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "InteractionModel", targets: ["InteractionModel"]),
        .library(name: "BuiltInValues", targets: ["BuiltInValues"]),
        .library(name: "Understanding", targets: ["Understanding"]),
        .library(name: "SkillNLU", targets: ["SkillNLU"]),
        .library(name: "SkillNLUTraining", targets: ["SkillNLUTraining"]),
        .library(name: "SkillDialog", targets: ["SkillDialog"]),
        .executable(name: "nlu-train", targets: ["nlu-train"]),
        .executable(name: "nlu-classify", targets: ["nlu-classify"]),
        .executable(name: "nlu-chat", targets: ["nlu-chat"]),
        .executable(name: "nlu-bench", targets: ["nlu-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Property-based tests of the reliability suite: generators with shrinking.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CBLAS",
            pkgConfig: "openblas",
            providers: [.apt(["libopenblas-dev"])]
        ),
        // The sentence encoder's int8 matrix products (exact integer sums; AVX-512 VNNI where the
        // processor has it, portable loops elsewhere): C, because Swift cannot compile one
        // function for a processor feature and choose it at run time.
        .target(name: "CInt8Products"),
        // zlib, which deflates the text-like sections of model files (on macOS and iOS it is
        // part of the SDK).
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "InteractionModel"),
        // Numbers, dates, times and durations read in every locale, with the tokenizer they read
        // from: Foundation only, so a dialog can read answers without the trained engine.
        .target(name: "BuiltInValues"),
        // What a dialog and an understanding engine share: the result of reading an utterance,
        // the context it is read in, and the user's feedback on it. No BLAS, no training.
        .target(name: "Understanding", dependencies: ["BuiltInValues"]),
        .target(name: "SkillNLU", dependencies: ["BuiltInValues", "CInt8Products", "CZlib", "InteractionModel", "Understanding"] + blasDependency,
                resources: [.copy("Resources/LanguagePacks")]),
        // Generation, the trainers and the model tools (conflicts, the utterance profiler,
        // evaluation, feedback training): what builds and inspects a model, which an app that
        // loads one and classifies never links.
        .target(name: "SkillNLUTraining", dependencies: ["BuiltInValues", "CInt8Products", "InteractionModel", "SkillNLU"]),
        // The dialog manager reads results through `LanguageUnderstanding`, so it links neither
        // the engine nor BLAS (Benchmarks/tools/check-layers.py checks it).
        .target(name: "SkillDialog", dependencies: ["BuiltInValues", "InteractionModel", "Understanding"]),
        // An app's handlers need the dialog alone; the engine that understands is the app's choice.
        .target(name: "PizzaShopSkill", dependencies: ["SkillDialog"], path: "Examples/PizzaShopSkill"),
        .target(
            name: "CommandLineSupport",
            dependencies: ["SkillNLU", "SkillNLUTraining", "InteractionModel",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "nlu-train",
            dependencies: ["CommandLineSupport", "SkillNLU", "SkillNLUTraining", "InteractionModel",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "nlu-classify",
            dependencies: ["CommandLineSupport", "SkillNLU", "SkillNLUTraining", "InteractionModel",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "nlu-chat",
            dependencies: ["CommandLineSupport", "SkillDialog", "SkillNLU", "SkillNLUTraining", "InteractionModel",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The benchmark report: reads the JSON results and renders Benchmarks/README.md;
        // Foundation only, so its logic (ratios, missing peers) is tested without the engine.
        .target(name: "BenchReport", path: "Benchmarks/BenchReport"),
        .executableTarget(
            name: "nlu-bench",
            dependencies: ["BenchReport", "BuiltInValues", "CommandLineSupport", "SkillNLU", "SkillNLUTraining", "InteractionModel",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Benchmarks/nlu-bench"
        ),
        .executableTarget(
            name: "classifier-lab",
            dependencies: ["BuiltInValues", "SkillNLU", "SkillNLUTraining", "InteractionModel"],
            path: "Benchmarks/classifier-lab",
            exclude: ["README.md"]
        ),
        // The checks the fuzz targets run on each input (Fuzz/README.md); the reliability tests
        // replay the checked-in corpora through the same checks.
        .target(name: "FuzzHarness", dependencies: ["InteractionModel", "SkillNLU", "SkillNLUTraining"], path: "Fuzz/Harness"),
        // What the test targets share: models trained once per test process.
        .target(name: "TestFixtures", dependencies: ["SkillNLU", "SkillNLUTraining", "InteractionModel"], path: "Tests/TestFixtures"),
        .testTarget(name: "InteractionModelTests", dependencies: ["InteractionModel"]),
        .testTarget(name: "BenchReportTests", dependencies: ["BenchReport"]),
        .testTarget(name: "BuiltInValuesTests", dependencies: ["BuiltInValues"]),
        .testTarget(name: "UnderstandingTests", dependencies: ["BuiltInValues", "Understanding"]),
        .testTarget(name: "SkillNLUTests", dependencies: ["BuiltInValues", "SkillNLU", "SkillNLUTraining", "InteractionModel", "TestFixtures"]),
        .testTarget(name: "SkillDialogTests", dependencies: ["BuiltInValues", "SkillDialog", "SkillNLU", "SkillNLUTraining", "InteractionModel",
                                                     "PizzaShopSkill", "TestFixtures"]),
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["CommandLineSupport", "SkillNLU", "SkillNLUTraining", "InteractionModel", "TestFixtures",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: ["BuiltInValues", "FuzzHarness", "InteractionModel", "SkillNLU", "SkillNLUTraining", "SkillDialog", "CommandLineSupport",
                           .product(name: "PropertyBased", package: "swift-property-based")],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
