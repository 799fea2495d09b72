// swift-tools-version:6.0
import PackageDescription

/// SkillNLU: Alexa interaction models understood on device.
///
/// One target per concept (see ../shared/DESIGN.md): `InteractionModel` imports and validates
/// the skill JSON, `SkillNLU` trains and runs the language understanding, `SkillDialog` answers
/// through an ASK-SDK-style handler chain, and the executables are thin shells over them.
let blasDependency: [Target.Dependency] = [
    .target(name: "CBLAS", condition: .when(platforms: [.linux, .android, .windows, .openbsd]))
]

let package = Package(
    name: "SkillNLU",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "InteractionModel", targets: ["InteractionModel"]),
        .library(name: "SkillNLU", targets: ["SkillNLU"]),
        .library(name: "SkillDialog", targets: ["SkillDialog"]),
        .executable(name: "nlu-train", targets: ["nlu-train"]),
        .executable(name: "nlu-classify", targets: ["nlu-classify"]),
        .executable(name: "nlu-chat", targets: ["nlu-chat"]),
        .executable(name: "nlu-bench", targets: ["nlu-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CBLAS",
            pkgConfig: "openblas",
            providers: [.apt(["libopenblas-dev"])]
        ),
        .target(name: "InteractionModel"),
        .target(name: "SkillNLU", dependencies: ["InteractionModel"] + blasDependency),
        .target(name: "SkillDialog", dependencies: ["SkillNLU", "InteractionModel"]),
        .target(name: "PizzaShopSkill", dependencies: ["SkillDialog", "SkillNLU"], path: "Examples/PizzaShopSkill"),
        .target(
            name: "CommandLineSupport",
            dependencies: ["SkillNLU", "InteractionModel",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "nlu-train",
            dependencies: ["CommandLineSupport", "SkillNLU", "InteractionModel",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "nlu-classify",
            dependencies: ["CommandLineSupport", "SkillNLU", "InteractionModel",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "nlu-chat",
            dependencies: ["CommandLineSupport", "SkillDialog", "SkillNLU", "InteractionModel",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "nlu-bench",
            dependencies: ["CommandLineSupport", "SkillNLU", "InteractionModel",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Benchmarks/nlu-bench"
        ),
        .executableTarget(
            name: "classifier-lab",
            dependencies: ["SkillNLU", "InteractionModel"],
            path: "Benchmarks/classifier-lab"
        ),
        .testTarget(name: "InteractionModelTests", dependencies: ["InteractionModel"]),
        .testTarget(name: "SkillNLUTests", dependencies: ["SkillNLU", "InteractionModel"]),
        .testTarget(name: "SkillDialogTests", dependencies: ["SkillDialog", "SkillNLU", "InteractionModel", "PizzaShopSkill"]),
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["CommandLineSupport", "SkillNLU", "InteractionModel",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
