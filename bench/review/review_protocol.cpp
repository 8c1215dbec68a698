// The label review's measurement (issue 28), in two steps around a training run the user would make:
//   review_protocol corrupt SRC_DATA_YAML OUT_DIR [seed=1]
//       copies the dataset to OUT_DIR with 5% of its boxes removed, 5% given another class and 5% shifted by
//       30% of their size (tests/support/labelcorrupt.h), and writes OUT_DIR/corruption.json;
//   review_protocol score COPY_DATA_YAML WEIGHTS [split=all] [imgsz=0]
//       reviews the copy with the weights (reviewLabels, as `yolostudio-cli review` does) and prints how many
//       of the injected mistakes its top N holds (N = the number injected), per kind, and the time per 1,000 images.
#include "injectionmatch.h"
#include "labelcorrupt.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace {

int corrupt(int argc, char** argv)
{
    if (argc < 4) {
        std::fprintf(stderr, "usage: review_protocol corrupt SRC_DATA_YAML OUT_DIR [seed=1]\n");
        return 2;
    }
    ys::test::CorruptOptions options;
    if (argc > 4)
        options.seed = static_cast<uint32_t>(std::strtoul(argv[4], nullptr, 10));
    const ys::test::CorruptResult c = ys::test::corruptDataset(argv[2], argv[3], options);
    if (!c.ok()) {
        std::fprintf(stderr, "error: %s\n", c.error.c_str());
        return 1;
    }
    int kinds[3] = {};
    for (const ys::test::Injection& inj : c.injections)
        ++kinds[static_cast<int>(inj.kind)];
    std::printf("%s: %lld boxes; injected %d removed, %d swapped, %d shifted (seed %u); manifest %s\n",
                c.dataYaml.c_str(), static_cast<long long>(c.boxes), kinds[0], kinds[1], kinds[2], options.seed,
                c.manifest.c_str());
    return 0;
}

int score(int argc, char** argv)
{
    if (argc < 4) {
        std::fprintf(stderr, "usage: review_protocol score COPY_DATA_YAML WEIGHTS [split=all] [imgsz=0]\n");
        return 2;
    }
    ys::ReviewOptions options;
    options.data = argv[2];
    options.weights = argv[3];
    options.split = ys::ReviewSplit::All;
    if (argc > 4 && std::string(argv[4]) == "val")
        options.split = ys::ReviewSplit::Val;
    if (argc > 4 && std::string(argv[4]) == "train")
        options.split = ys::ReviewSplit::Train;
    if (argc > 5)
        options.imgsz = std::atoi(argv[5]);
    std::string error;
    const auto manifest = std::filesystem::path(argv[2]).parent_path() / "corruption.json";
    const std::vector<ys::test::Injection> injections = ys::test::readCorruptionManifest(manifest.string(), &error);
    if (!error.empty()) {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        return 1;
    }
    auto review = ys::reviewLabels(options);
    if (!review.ok()) {
        std::fprintf(stderr, "error: %s\n", review.error().toString().c_str());
        return 1;
    }
    const ys::test::InjectionScore m = ys::test::matchInjections(injections, review->images, review->suspects);
    std::printf("%s\n", m.summary().c_str());
    const char* names[3] = {"removed box", "swapped class", "shifted box"};
    std::printf("| injected | found in the top N |\n|---|---|\n");
    for (int k = 0; k < 3; ++k)
        std::printf("| %s | %d / %d (%.0f%%) |\n", names[k], m.found[k], m.total[k],
                    m.total[k] ? 100.0 * m.found[k] / m.total[k] : 0.0);
    std::printf("| all | %d / %d (%.0f%%) |\n", m.foundAll(), m.injected(),
                m.injected() ? 100.0 * m.foundAll() / m.injected() : 0.0);
    const double perThousand = review->images.empty() ? 0 : 1000.0 * review->seconds / double(review->images.size());
    std::printf("review: %zu images, %lld labels, %lld predictions kept, %.1f s (predict %.1f s): %.0f s per 1,000 images\n",
                review->images.size(), static_cast<long long>(review->labels),
                static_cast<long long>(review->predictions), review->seconds, review->predictSeconds, perThousand);
    return 0;
}

}  // namespace

int main(int argc, char** argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "corrupt")
        return corrupt(argc, argv);
    if (mode == "score")
        return score(argc, argv);
    std::fprintf(stderr, "usage: review_protocol corrupt SRC_DATA_YAML OUT_DIR [seed] | score COPY_DATA_YAML WEIGHTS [split] [imgsz]\n");
    return 2;
}
