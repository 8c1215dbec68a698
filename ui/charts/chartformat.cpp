#include "ui/charts/chartformat.h"

#include <iterator>

#include <QLocale>

#include <array>
#include <cmath>

namespace ys::ui {

QColor seriesColor(int i)
{
    static const QColor kTableau10[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
                                        QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                        QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f), QColor(0xbc, 0xbd, 0x22),
                                        QColor(0x17, 0xbe, 0xcf)};
    constexpr int n = static_cast<int>(std::size(kTableau10));
    return kTableau10[((i % n) + n) % n];
}
namespace {

constexpr double kKiB = 1024.0;

// 1, 2, 5 x 10^k at or above `raw`.
double niceDecimal(double raw)
{
    if (!(raw > 0))
        return 1;
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * p >= raw * 0.999)
            return m * p;
    return 10 * p;
}

QString byteUnit(int power)
{
    switch (power) {
    case 0: return ChartText::tr("B");
    case 1: return ChartText::tr("KiB");
    case 2: return ChartText::tr("MiB");
    case 3: return ChartText::tr("GiB");
    default: return ChartText::tr("TiB");
    }
}

int bytePower(double v)
{
    int p = 0;
    v = std::abs(v);
    while (v >= kKiB && p < 4) {
        v /= kKiB;
        ++p;
    }
    return p;
}

QString number(double v, int significant)
{
    return QLocale().toString(v, 'g', significant);
}

}  // namespace

QString ChartText::value(double v, ValueUnit unit)
{
    if (std::isnan(v))
        return tr("–");
    switch (unit) {
    case ValueUnit::Bytes: {
        const int p = bytePower(v);
        const double scaled = v / std::pow(kKiB, p);
        return tr("%1 %2").arg(QLocale().toString(scaled, 'f', p == 0 ? 0 : 2), byteUnit(p));
    }
    case ValueUnit::Seconds: {
        const qint64 s = std::llround(std::max(0.0, v));
        if (s < 60)
            return tr("%1 s").arg(s);
        if (s < 3600)
            return tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QChar(u'0'));
        return tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QChar(u'0'));
    }
    case ValueUnit::Fraction: return QLocale().toString(v, 'f', 3);
    case ValueUnit::Epoch: return tr("epoch %1").arg(QLocale().toString(v, 'f', std::abs(v - std::round(v)) < 1e-9 ? 0 : 2));
    case ValueUnit::PerSecond: return tr("%1 img/s").arg(QLocale().toString(v, 'f', v < 10 ? 2 : 1));
    case ValueUnit::Scientific: return QLocale().toString(v, 'e', 2);
    case ValueUnit::Number: break;
    }
    return number(v, 4);
}

QString ChartText::tick(double v, ValueUnit unit, double step)
{
    switch (unit) {
    case ValueUnit::Bytes: {
        const int p = bytePower(std::max(std::abs(v), step));
        const double scaled = v / std::pow(kKiB, p);
        const double scaledStep = step / std::pow(kKiB, p);
        const int decimals = scaledStep >= 1 ? 0 : scaledStep >= 0.1 ? 1 : 2;
        return tr("%1 %2").arg(QLocale().toString(scaled, 'f', decimals), byteUnit(p));
    }
    case ValueUnit::Seconds: {
        const qint64 s = std::llround(v);
        if (std::abs(s) < 60 && step < 60)
            return tr("%1 s").arg(s);
        if (std::abs(s) < 3600)
            return QStringLiteral("%1:%2").arg(s / 60).arg(std::abs(s % 60), 2, 10, QChar(u'0'));
        return QStringLiteral("%1:%2:%3")
            .arg(s / 3600)
            .arg(std::abs((s % 3600) / 60), 2, 10, QChar(u'0'))
            .arg(std::abs(s % 60), 2, 10, QChar(u'0'));
    }
    case ValueUnit::Scientific: return QLocale().toString(v, 'e', 1);
    case ValueUnit::Epoch: return QLocale().toString(v, 'f', step >= 1 ? 0 : 1);
    case ValueUnit::Fraction:
    case ValueUnit::PerSecond:
    case ValueUnit::Number: break;
    }
    const int decimals = step >= 1 ? 0 : std::min(6, static_cast<int>(std::ceil(-std::log10(step))));
    return QLocale().toString(v, 'f', decimals);
}

double ChartText::niceStep(double range, int ticks, ValueUnit unit)
{
    ticks = std::max(ticks, 1);
    const double raw = std::abs(range) / ticks;
    if (!(raw > 0))
        return 1;
    if (unit == ValueUnit::Bytes) {
        const int p = bytePower(raw);
        const double base = std::pow(kKiB, p);
        return niceDecimal(raw / base) * base;
    }
    if (unit == ValueUnit::Seconds) {
        static constexpr std::array<double, 15> kSteps = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600};
        for (double s : kSteps)
            if (s >= raw)
                return s;
        return niceDecimal(raw / 3600) * 3600;
    }
    if (unit == ValueUnit::Epoch)
        return std::max(1.0, niceDecimal(raw));
    return niceDecimal(raw);
}

}  // namespace ys::ui
