#include "ui/common/bytes.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>
#include <cstdlib>

namespace ys::ui {
namespace {

constexpr double kStep = 1024.0;   // IEC: each unit is 1024 of the one below

QString unitText(int power, const QString& number)
{
    switch (power) {
    case 0: return QCoreApplication::translate("ys::ui::Bytes", "%1 B").arg(number);
    case 1: return QCoreApplication::translate("ys::ui::Bytes", "%1 KiB").arg(number);
    case 2: return QCoreApplication::translate("ys::ui::Bytes", "%1 MiB").arg(number);
    case 3: return QCoreApplication::translate("ys::ui::Bytes", "%1 GiB").arg(number);
    default: return QCoreApplication::translate("ys::ui::Bytes", "%1 TiB").arg(number);
    }
}

}  // namespace

QString formatBytes(int64_t bytes)
{
    const QLocale locale;
    if (std::llabs(bytes) < static_cast<long long>(kStep))
        return unitText(0, locale.toString(static_cast<qlonglong>(bytes)));
    double v = static_cast<double>(bytes);
    int power = 0;
    // Up a unit while the number, rounded to one decimal, would read 1024.0 or more.
    while (std::abs(v) >= kStep - 0.05 && power < 4) {
        v /= kStep;
        ++power;
    }
    return unitText(power, locale.toString(v, 'f', 1));
}

}  // namespace ys::ui
