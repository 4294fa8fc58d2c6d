/**
 * Fare conditions in plain words, Vietnamese or English, from the family tables: change fee, refund
 * penalty, no-show, baggage, with the amounts.
 */
import type { FareRule, FlightOffer } from '../../../contract/flights';
import type { FareRuleOptions, FareRuleQuery, FlightSupplier } from '../flights';
import { CARRIERS, isDomestic, type FareFamily } from '../reference-data';
import { SupplierError, type Language } from '../types';
import { familyOfClass, fareFamiliesOf } from './pricing';

const money = (amount: number, lang: Language): string => `${new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-US').format(amount)} VND`;

function lines(family: FareFamily, airline: string, cls: string, fareBasis: string, international: boolean, lang: Language): FareRule['list'] {
  const vi = lang === 'vi';
  const bag = international ? family.baggage.international : family.baggage.domestic;
  const p = international ? family.penalties.international : family.penalties.domestic;
  const cutoff = family.changeCutoffHours;
  const carrier = CARRIERS[airline]?.name ?? airline;
  const list: FareRule['list'] = [];

  list.push({
    type: 'FARE',
    fareRule: vi
      ? `${carrier} – ${family.nameVi} (hạng ${cls}, mã giá ${fareBasis}), ${international ? 'chặng quốc tế' : 'chặng nội địa'}.`
      : `${carrier} – ${family.name} (class ${cls}, fare basis ${fareBasis}), ${international ? 'international' : 'domestic'}.`,
  });

  const checked =
    bag.checkedPieces === 0
      ? vi
        ? 'không bao gồm hành lý ký gửi (có thể mua thêm)'
        : 'no checked baggage included (can be bought)'
      : vi
        ? `hành lý ký gửi ${bag.checkedPieces} kiện ${bag.checkedKg} kg`
        : `checked baggage ${bag.checkedPieces} piece${bag.checkedPieces > 1 ? 's' : ''} of ${bag.checkedKg} kg`;
  list.push({
    type: 'BAGGAGE',
    fareRule: vi ? `Hành lý xách tay ${bag.handKg} kg; ${checked}.` : `Carry-on ${bag.handKg} kg; ${checked}.`,
  });

  const before = cutoff ? (vi ? ` Thực hiện trước giờ khởi hành ít nhất ${cutoff} giờ.` : ` At least ${cutoff} hours before departure.`) : '';
  list.push({
    type: 'CHANGE',
    fareRule:
      p.change === null
        ? vi
          ? 'Không được phép đổi ngày, chuyến bay hoặc hành trình.'
          : 'Changes of date, flight or route are not allowed.'
        : p.change === 0
          ? (vi ? 'Đổi miễn phí, chỉ thu chênh lệch giá vé (nếu có).' : 'Changes free of charge; only the fare difference is collected (if any).') + before
          : (vi
              ? `Phí đổi ${money(p.change, lang)} mỗi khách mỗi lần, cộng chênh lệch giá vé (nếu có).`
              : `Change fee ${money(p.change, lang)} per passenger per change, plus the fare difference (if any).`) + before,
  });

  list.push({
    type: 'REFUND',
    fareRule:
      p.refund !== null
        ? vi
          ? `Hoàn vé: phí hoàn ${money(p.refund, lang)} mỗi khách; phần còn lại hoàn theo hình thức thanh toán.`
          : `Refund: penalty ${money(p.refund, lang)} per passenger; the rest is returned to the form of payment.`
        : family.creditOnly
          ? vi
            ? 'Không hoàn tiền giá vé (có thể bảo lưu thành tín dụng đặt chỗ theo quy định của hãng); chỉ hoàn thuế, phí sân bay và VAT.'
            : 'No cash refund of the fare (it can be kept as reservation credit under the airline’s terms); only taxes, airport charges and VAT are refunded.'
          : vi
            ? 'Không được hoàn giá vé; chỉ hoàn thuế, phí sân bay và VAT.'
            : 'Not refundable: the fare is kept; only taxes, airport charges and VAT are refunded.',
  });

  list.push({
    type: 'NO_SHOW',
    fareRule:
      p.noShow === null
        ? vi
          ? 'Không có mặt làm thủ tục (no-show): mất toàn bộ giá vé, thuế và phí sân bay được hoàn theo quy định.'
          : 'No-show: the fare is forfeited; airport taxes are refunded where the rules allow.'
        : vi
          ? `Không có mặt làm thủ tục (no-show): thu thêm ${money(p.noShow, lang)} mỗi khách khi đổi hoặc hoàn vé.`
          : `No-show: an extra ${money(p.noShow, lang)} per passenger is charged on change or refund.`,
  });
  return list;
}

const isOffer = (q: FlightOffer | FareRuleQuery): q is FlightOffer => 'priceInfo' in q;

/** Fare rule of an offer (one of its classes) or of airline + class + fare basis. */
export function fareRulesOf(query: FlightOffer | FareRuleQuery, options: FareRuleOptions = {}, source?: FlightSupplier['source']): FareRule {
  const lang = options.lang ?? 'vi';
  let airline: string;
  let cls: string;
  let fareBasis: string;
  let international: boolean;
  let family: FareFamily | undefined;
  if (isOffer(query)) {
    const price =
      (options.class ? query.priceInfo.find((p) => p.class === options.class) : undefined) ??
      query.priceInfo.find((p) => p.seatAvailable > 0) ??
      query.priceInfo[0];
    if (options.class && price.class !== options.class) throw new SupplierError('INVALID_REQUEST', { source, en: `Class ${options.class} is not sold on this offer.`, vi: `Hạng ${options.class} không có trong chuyến bay này.` });
    airline = query.airline;
    cls = price.class;
    fareBasis = price.fareInfo.fareBasis;
    international = !isDomestic(query.from, query.to);
    family = fareFamiliesOf(airline).find((f) => f.name === price.fareInfo.fareFamily && f.classes.includes(cls)) ?? familyOfClass(airline, cls);
  } else {
    airline = query.airline;
    cls = query.class;
    fareBasis = query.fareBasis;
    international = query.isInternational ?? fareBasis.charAt(3) === 'I';
    family = familyOfClass(airline, cls);
  }
  if (!family) {
    throw new SupplierError('INVALID_REQUEST', {
      source,
      en: `No fare family of ${airline} has class ${cls}.`,
      vi: `Không có hạng đặt chỗ ${cls} của hãng ${airline}.`,
    });
  }
  return { list: lines(family, airline, cls, fareBasis, international, lang), isInternational: international, isCondition: true };
}
