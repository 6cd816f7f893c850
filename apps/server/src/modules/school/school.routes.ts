import type { FastifyInstance } from 'fastify';
import { type SchoolConfig, schoolConfigAnswer } from '@paiclass/shared';

/** `/SchoolApi/getConfig`: what the login page shows and offers (spec 1 §3 School config). */
export async function schoolRoutes(app: FastifyInstance) {
  const { config } = app.ctx;
  app.post(
    '/SchoolApi/getConfig',
    { schema: { tags: ['school'], response: { 200: schoolConfigAnswer } }, config: { auth: 'none' } },
    async (): Promise<SchoolConfig> => ({
      schoolName: config.schoolName,
      appid: config.wechat?.appid ?? '',
      // ico_url and mobileBanner are left out until a deployment can set them (the login page then shows its own art)
      mobilexdomain: config.publicUrl ?? '',
      canRegister: config.allowRegister,
      showWechatLogin: Boolean(app.ctx.wechat),
    }),
  );
}
