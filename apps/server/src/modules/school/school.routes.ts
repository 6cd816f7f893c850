import { type SchoolConfig, schoolCalls } from '@paiclass/shared';
import type { FastifyInstance } from 'fastify';
import { handle } from '../../platform/handle';

/** `/SchoolApi/getConfig`: what the login page shows and offers (spec 1 §3 School config). */
export async function schoolRoutes(app: FastifyInstance) {
  const { config } = app.ctx;
  handle(
    app,
    schoolCalls.getConfig,
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
