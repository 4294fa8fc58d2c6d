/**
 * The demo storefront of the F1 agency (gateway/b2c): its settings at /s/saoviet, three published tours
 * with departures a few weeks out, two published articles and the fare rules of three airlines. Run after seedDemo (the agencies and f1admin, who holds USE_B2C); idempotent.
 */
import { and, eq } from 'drizzle-orm';
import { addDays, todayInVietnam } from '../platform/clock';
import type { Db } from '../platform/db/client';
import { agencies, b2cConfigs, b2cDepartures, b2cFareRules, b2cNews, b2cTours } from '../platform/db/schema';
import { sanitizeRichHtml } from '../platform/rich-text';
import { gradientPng, storeDemoImage } from './images';

export const DEMO_STORE_SLUG = 'saoviet';

const IMAGES = [
  { id: '5a0e7c6e-0b1f-4c39-9d51-1f6a2b3c4e01', fileName: 'tour-halong.png', png: () => gradientPng(800, 450, [12, 102, 225], [120, 200, 220]) },
  { id: '5a0e7c6e-0b1f-4c39-9d51-1f6a2b3c4e02', fileName: 'tour-phuquoc.png', png: () => gradientPng(800, 450, [20, 160, 180], [247, 228, 203]) },
  { id: '5a0e7c6e-0b1f-4c39-9d51-1f6a2b3c4e03', fileName: 'tour-sapa.png', png: () => gradientPng(800, 450, [40, 120, 60], [200, 220, 180]) },
] as const;

const TOURS = [
  {
    title: 'Hà Nội – Hạ Long 3 ngày 2 đêm', destination: 'Hạ Long', days: 3, image: IMAGES[0].id,
    summary: 'Ngủ đêm trên du thuyền, chèo kayak hang Luồn.',
    itinerary: [
      { title: 'Ngày 1: Hà Nội – Hạ Long', bodyHtml: '<p>Đón khách tại phố cổ, lên du thuyền, ăn trưa hải sản.</p>' },
      { title: 'Ngày 2: Vịnh Lan Hạ', bodyHtml: '<p>Chèo kayak, tắm biển, lớp nấu ăn trên tàu.</p>' },
      { title: 'Ngày 3: Hạ Long – Hà Nội', bodyHtml: '<p>Tập thái cực quyền trên boong, trả khách tại Hà Nội.</p>' },
    ],
    inclusions: ['Xe đưa đón', 'Du thuyền 4 sao', 'Ăn theo chương trình'], exclusions: ['Đồ uống', 'Chi phí cá nhân'],
    departures: [{ in: 21, seats: 20, adult: 3_990_000, child: 2_990_000, infant: 500_000 }, { in: 35, seats: 20, adult: 3_990_000, child: 2_990_000, infant: 500_000 }],
  },
  {
    title: 'Phú Quốc nghỉ dưỡng 4 ngày', destination: 'Phú Quốc', days: 4, image: IMAGES[1].id,
    summary: 'Bãi Sao, cáp treo Hòn Thơm, chợ đêm Dinh Cậu.',
    itinerary: [
      { title: 'Ngày 1: Đến Phú Quốc', bodyHtml: '<p>Nhận phòng, tự do tắm biển.</p>' },
      { title: 'Ngày 2: Nam đảo', bodyHtml: '<p>Cáp treo Hòn Thơm, Bãi Sao.</p>' },
      { title: 'Ngày 3: Bắc đảo', bodyHtml: '<p>Vinwonders hoặc lặn ngắm san hô.</p>' },
      { title: 'Ngày 4: Về', bodyHtml: '<p>Tiễn sân bay.</p>' },
    ],
    inclusions: ['Khách sạn 4 sao', 'Vé cáp treo'], exclusions: ['Vé máy bay'],
    departures: [{ in: 28, seats: 16, adult: 5_490_000, child: 3_990_000, infant: 0 }],
  },
  {
    title: 'Sa Pa – Fansipan 2 ngày', destination: 'Sa Pa', days: 2, image: IMAGES[2].id,
    summary: 'Bản Cát Cát, chinh phục nóc nhà Đông Dương.',
    itinerary: [
      { title: 'Ngày 1: Hà Nội – Sa Pa', bodyHtml: '<p>Xe giường nằm, bản Cát Cát.</p>' },
      { title: 'Ngày 2: Fansipan', bodyHtml: '<p>Cáp treo Fansipan, về Hà Nội.</p>' },
    ],
    inclusions: ['Xe giường nằm', 'Vé cáp treo'], exclusions: ['Bữa tối ngày 2'],
    departures: [{ in: 14, seats: 12, adult: 2_490_000, child: 1_990_000, infant: 0 }],
  },
] as const;

const NEWS = [
  {
    title: 'Mùa lúa chín Mù Cang Chải: đi tháng nào đẹp nhất?', tags: ['kinh nghiệm', 'tây bắc'],
    summary: 'Cuối tháng 9 đến giữa tháng 10 là lúc ruộng bậc thang vàng rực.',
    bodyHtml: '<p>Ruộng bậc thang Mù Cang Chải chín vàng từ <strong>cuối tháng 9</strong> đến giữa tháng 10.</p><ul><li>Đi xe giường nằm từ Hà Nội khoảng 7 giờ.</li><li>Mang áo khoác: đêm trên núi lạnh.</li></ul>',
  },
  {
    title: 'Ưu đãi hè: giảm 10% tour biển cho nhóm từ 4 người', tags: ['khuyến mãi', 'biển'],
    summary: 'Áp dụng cho tour Hạ Long và Phú Quốc khởi hành trước 31/8.',
    bodyHtml: '<p>Nhóm từ 4 người lớn được <em>giảm 10%</em> giá tour Hạ Long và Phú Quốc.</p><p>Liên hệ hotline để giữ chỗ.</p>',
  },
] as const;

const FARE_RULES = [
  {
    airline: 'VN', fareFamily: 'Phổ thông Tiêu chuẩn', title: 'Vietnam Airlines – Phổ thông Tiêu chuẩn',
    bodyHtml: '<ul><li>Hành lý xách tay 12 kg, ký gửi 23 kg.</li><li>Đổi ngày, giờ bay: phí 300.000 ₫ cộng chênh lệch giá.</li><li>Hoàn vé: phí 500.000 ₫ trước giờ bay.</li></ul>',
  },
  {
    airline: 'VJ', fareFamily: 'Eco', title: 'Vietjet Air – Eco',
    bodyHtml: '<ul><li>Hành lý xách tay 7 kg; hành lý ký gửi mua thêm.</li><li>Đổi chuyến: phí 378.000 ₫ cộng chênh lệch giá, trước giờ bay 3 tiếng.</li><li>Không hoàn vé.</li></ul>',
  },
  {
    airline: 'QH', fareFamily: 'Economy Smart', title: 'Bamboo Airways – Economy Smart',
    bodyHtml: '<ul><li>Hành lý xách tay 7 kg, ký gửi 20 kg.</li><li>Đổi vé: phí 350.000 ₫ cộng chênh lệch giá.</li><li>Hoàn vé: phí 450.000 ₫.</li></ul>',
  },
] as const;

export async function seedB2c(db: Db, now: Date = new Date()): Promise<number> {
  const today = todayInVietnam(now.getTime());
  return db.transaction(async (tx) => {
    const [f1] = await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.code, 'SAOVIET'));
    if (!f1) return 0;
    for (const img of IMAGES) await storeDemoImage(tx, f1.id, img);
    await tx
      .insert(b2cConfigs)
      .values({
        agencyId: f1.id, slug: DEMO_STORE_SLUG, name: 'Du lịch Sao Việt', logoUploadId: null, theme: 'blue', phone: '0901234567',
        email: 'datcho@saoviet.example', address: '12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội', hours: '8:00–21:00, T2–CN',
        flightMarkup: 50_000, tourMarkup: 0, products: ['tours', 'flights', 'news', 'fareRules', 'trains'],
      })
      .onConflictDoNothing();
    let created = 0;
    for (const t of TOURS) {
      const [exists] = await tx.select({ id: b2cTours.id }).from(b2cTours).where(and(eq(b2cTours.agencyId, f1.id), eq(b2cTours.title, t.title)));
      if (exists) continue;
      const [row] = await tx
        .insert(b2cTours)
        .values({
          agencyId: f1.id, title: t.title, summary: t.summary, destination: t.destination, days: t.days, status: 'published',
          bodyHtml: sanitizeRichHtml(`<p>${t.summary}</p>`), itinerary: t.itinerary.map((d) => ({ title: d.title, bodyHtml: sanitizeRichHtml(d.bodyHtml) })),
          inclusions: [...t.inclusions], exclusions: [...t.exclusions], imageUploadIds: [t.image],
        })
        .returning({ id: b2cTours.id });
      for (const d of t.departures) {
        await tx.insert(b2cDepartures).values({ tourId: row.id, date: addDays(today, d.in), seatsTotal: d.seats, priceAdult: d.adult, priceChild: d.child, priceInfant: d.infant });
      }
      created += 1;
    }
    for (const n of NEWS) {
      const [exists] = await tx.select({ id: b2cNews.id }).from(b2cNews).where(and(eq(b2cNews.agencyId, f1.id), eq(b2cNews.title, n.title)));
      if (exists) continue;
      await tx.insert(b2cNews).values({ agencyId: f1.id, title: n.title, summary: n.summary, tags: [...n.tags], bodyHtml: sanitizeRichHtml(n.bodyHtml), status: 'published', publishedAt: now });
    }
    for (const r of FARE_RULES) {
      await tx
        .insert(b2cFareRules)
        .values({ agencyId: f1.id, airline: r.airline, fareFamily: r.fareFamily, title: r.title, bodyHtml: sanitizeRichHtml(r.bodyHtml), status: 'published' })
        .onConflictDoNothing();
    }
    return created;
  });
}
