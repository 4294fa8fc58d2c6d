/**
 * The demo storefront of the F1 agency (gateway/b2c): its settings at /s/saoviet and three published tours
 * with departures a few weeks out. Run after seedDemo (the agencies and f1admin, who holds USE_B2C); idempotent.
 */
import { and, eq } from 'drizzle-orm';
import { addDays, todayInVietnam } from '../platform/clock';
import type { Db } from '../platform/db/client';
import { agencies, b2cConfigs, b2cDepartures, b2cTours } from '../platform/db/schema';
import { sanitizeNewsHtml } from '../news/service';
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
        flightMarkup: 50_000, tourMarkup: 0, products: ['tours', 'flights'],
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
          bodyHtml: sanitizeNewsHtml(`<p>${t.summary}</p>`), itinerary: t.itinerary.map((d) => ({ title: d.title, bodyHtml: sanitizeNewsHtml(d.bodyHtml) })),
          inclusions: [...t.inclusions], exclusions: [...t.exclusions], imageUploadIds: [t.image],
        })
        .returning({ id: b2cTours.id });
      for (const d of t.departures) {
        await tx.insert(b2cDepartures).values({ tourId: row.id, date: addDays(today, d.in), seatsTotal: d.seats, priceAdult: d.adult, priceChild: d.child, priceInfant: d.infant });
      }
      created += 1;
    }
    return created;
  });
}
