#include "ui/common/palette.h"

#include <array>

namespace ys::ui {

QColor classColor(int classId)
{
    // Sasha Trubetskoy's "20 distinct colours", reordered so that neighbouring ids differ in hue.
    static constexpr std::array<QRgb, 20> kPalette = {
        0xe6194b, 0x3cb44b, 0x4363d8, 0xf58231, 0x911eb4, 0x42d4f4, 0xf032e6, 0xbfef45, 0xffe119, 0x469990,
        0xdcbeff, 0x9a6324, 0xfabed4, 0x800000, 0xaaffc3, 0x808000, 0xffd8b1, 0x000075, 0xa9a9a9, 0x00a0a0,
    };
    const int n = static_cast<int>(kPalette.size());
    const int i = ((classId % n) + n) % n;
    return QColor::fromRgb(kPalette[static_cast<size_t>(i)]);
}

NavigationColors navigationColors()
{
    return {QColor(0x26, 0x31, 0x40), QColor(0xd7, 0xdd, 0xe6), QColor(0x3a, 0x4a, 0x5e), QColor(Qt::white),
            QColor(0x2f, 0x3b, 0x4c)};
}

}  // namespace ys::ui
